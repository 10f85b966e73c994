import { Link } from "react-router";
import { House } from "lucide-react";
import lostImage from "@/assets/lost.svg";
import { buttonClass } from "@/lib/ui/button-styles";
import { useDocumentTitle } from "@/lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex max-w-xl flex-col items-center py-8 text-center sm:py-14"
    >
      <img src={lostImage} alt="" width={200} height={200} className="size-[200px]" />
      <h1 id="page-title" className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">
        UH OH! You&apos;re lost.
      </h1>
      <p className="mt-3 text-muted">
        The page you are looking for does not exist or has moved. Head back to the shop to carry on ordering.
      </p>
      <Link to="/" className={`${buttonClass()} mt-8`}>
        <House aria-hidden="true" className="size-4" />
        Home
      </Link>
    </section>
  );
}
