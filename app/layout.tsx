import type { Metadata } from "next";
import type { ReactNode } from "react";
import { connection } from "next/server";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Personalization dashboard", template: "%s · Personalization dashboard" },
  description: "Edit the personalization question buyers answer on your marketplace listings.",
  icons: { icon: "/favicon.svg" },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page, the sign-in and error pages included, renders per request: only then do Next's scripts carry the
  // request's CSP nonce (proxy.ts). A page prerendered at build time would have scripts the CSP blocks.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
