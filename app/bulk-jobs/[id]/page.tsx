import { permanentRedirect } from "next/navigation";

type Props = { params: Promise<{ id: string }> };

// A bulk change became a change (lib/db/migrations.ts): links kept from before open it on its page.
export default async function BulkJobPage({ params }: Props) {
  permanentRedirect(`/changes/${encodeURIComponent((await params).id)}`);
}
