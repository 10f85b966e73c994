import { Link } from "react-router";
import { House } from "lucide-react";
import { buttonClass } from "@/lib/ui/button-styles";
import { PlaceholderPage } from "@/lib/ui/placeholder-page";

export function UnderConstructionPage() {
  return (
    <PlaceholderPage
      title="Under construction"
      summary="This part of the shop is still being built. Please check back soon."
    >
      <Link to="/" className={`${buttonClass("secondary")} mt-6`}>
        <House aria-hidden="true" className="size-4" />
        Home
      </Link>
    </PlaceholderPage>
  );
}
