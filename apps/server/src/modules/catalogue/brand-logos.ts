// Brand logos at /images/brands/<slug>.svg, drawn from the brand's name on first request and
// kept in memory: a few hundred small SVGs at most, and the same name always draws the same.
import type { Db } from "../../db/database";
import { brandLogoSvg } from "./brand-drawing";
import { contentHash } from "./image-urls";

export interface BrandLogo {
  svg: string;
  etag: string;
}

export interface BrandLogos {
  logo(fileName: string): Promise<BrandLogo | null>;
}

/** More brands than this and the oldest drawings are dropped (they are cheap to redraw). */
const MAX_CACHED = 2000;

export function createBrandLogos(db: Db): BrandLogos {
  const cache = new Map<string, BrandLogo>();
  return {
    async logo(fileName) {
      const imageUrl = `/images/brands/${fileName}`;
      const brand = await db
        .selectFrom("brands")
        .select("name")
        .where("imageUrl", "=", imageUrl)
        .executeTakeFirst();
      if (!brand) return null;
      const cached = cache.get(brand.name);
      if (cached) return cached;
      const svg = brandLogoSvg(brand.name);
      const logo = { svg, etag: `"${contentHash(Buffer.from(svg))}"` };
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      cache.set(brand.name, logo);
      return logo;
    },
  };
}
