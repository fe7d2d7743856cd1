import { permanentRedirect } from "next/navigation";

// A bulk change became a change (lib/db/migrations.ts): links kept from before open it on its page.
export default async function BulkJobPage({ params }: { params: Promise<{ id: string }> }) {
  permanentRedirect(`/changes/${encodeURIComponent((await params).id)}`);
}
