import { redirect } from "next/navigation";
import { currentSeller } from "@/lib/auth/seller";

export default async function Home() {
  redirect((await currentSeller()) ? "/listings" : "/sign-in");
}
