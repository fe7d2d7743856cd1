import type { saveTemplateAction } from "@/app/listings/save-template";

export type SignInReason = NonNullable<
  Extract<Awaited<ReturnType<typeof saveTemplateAction>>, { ok: false }>["signIn"]
>;
export type Notice = { tone: "success" | "error"; text: string; signIn?: SignInReason };

const NOTICE = {
  success: "bg-green-50 text-green-950 ring-green-300",
  error: "bg-red-50 text-red-950 ring-red-300",
};

/** What the last save or delete did: a success is announced politely, a failure at once (with a way to sign in again). */
export function TemplateNotice({
  notice,
  onSignIn,
}: {
  notice: Notice | null;
  onSignIn: (reason: SignInReason) => void;
}) {
  return (
    <>
      <div role="status" aria-live="polite" className="mt-3 empty:hidden">
        {notice?.tone === "success" && (
          <p className={`rounded-lg p-3 text-sm ring-1 ${NOTICE.success}`}>{notice.text}</p>
        )}
      </div>
      <div role="alert" className="mt-3 empty:hidden">
        {notice?.tone === "error" && (
          <div className={`rounded-lg p-3 text-sm ring-1 ${NOTICE.error}`}>
            <p>{notice.text}</p>
            {notice.signIn && (
              <button
                type="button"
                className="mt-2 min-h-11 rounded-md bg-stone-900 px-4 font-medium text-white hover:bg-stone-700"
                onClick={() => onSignIn(notice.signIn!)}
              >
                Sign in again
              </button>
            )}
          </div>
        )}
      </div>
    </>
  );
}
