import { PlaceholderPage } from "../../lib/ui/placeholder-page";

export function ManageImagesPage() {
  return (
    <PlaceholderPage
      title="No Images"
      summary="Products that still need a picture will be listed here, so staff can upload images and choose a cover."
    />
  );
}
