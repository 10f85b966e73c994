// GET /api/Product/GetProductByBarcode/{gtin}: a scanned or typed barcode straight to its
// product. The answer is the product as its page loads it, so the page opens from
// the cache. A code that is nobody's fails with the API client's toast naming it.
import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Product } from "@trade-shop/contracts/catalogue";
import { pendingProductRoutes } from "@trade-shop/contracts/catalogue-images";
import { apiRequest } from "@/lib/api-client";
import { useViewer } from "./catalogue-keys";
import { getProductQueryOptions } from "./get-product";

export function useFindByBarcode(): (code: string) => Promise<Product> {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useCallback(
    async (code: string) => {
      const gtin = code.replace(/\s+/g, "");
      const product = await apiRequest(pendingProductRoutes.byBarcode, { params: { gtin } });
      queryClient.setQueryData(getProductQueryOptions(product.skuCode, viewer).queryKey, product);
      return product;
    },
    [queryClient, viewer],
  );
}
