// The staff commands of /manage (docs/behaviour.md): upload images, choose the cover, rewrite the
// description. Upload and cover answer with a success envelope, which the API client shows
// ("Files uploaded successfully", "Cover Image set successfully"); the description answers
// with the product, so its message is shown here. Every change refreshes the catalogue.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { successToast } from "@/lib/ui/toasts";
import { productRoutes } from "@trade-shop/contracts/catalogue";
import type {
  AssignCoverImageCommand,
  UpdateDescriptionCommand,
  UploadProductImagesCommand,
} from "@trade-shop/contracts/catalogue";
import { CATALOGUE_CHANGES_KEY } from "@/entities/catalogue-changes";
import { apiRequest } from "@/lib/api-client";
import { CATALOGUE_KEY } from "./catalogue-keys";

export const DESCRIPTION_UPDATED = "Product Description Updated Successfully";

function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY }),
      queryClient.invalidateQueries({ queryKey: CATALOGUE_CHANGES_KEY }),
    ]);
}

export function useUploadProductImages() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (command: UploadProductImagesCommand) =>
      apiRequest(productRoutes.uploadImages, { body: command }),
    onSuccess: refresh,
  });
}

export function useAssignCoverImage() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (command: AssignCoverImageCommand) =>
      apiRequest(productRoutes.assignCoverImage, { body: command }),
    onSuccess: refresh,
  });
}

export function useUpdateDescription() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (command: UpdateDescriptionCommand) =>
      apiRequest(productRoutes.updateDescription, { body: command }),
    onSuccess: async () => {
      successToast("Product Description", { description: DESCRIPTION_UPDATED });
      await refresh();
    },
  });
}
