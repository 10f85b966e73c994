// Brand logos at /images/brands/<slug>.svg, drawn from the brand's name on first request and
// kept in memory: a few hundred small SVGs at most, and the same name always draws the same.
import { createHash } from "node:crypto";
import type { Db } from "../../db/database";
import { brandLogoSvg } from "../../db/demo-data/images";

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
      const logo = { svg, etag: `"${createHash("sha256").update(svg).digest("hex").slice(0, 32)}"` };
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      cache.set(brand.name, logo);
      return logo;
    },
  };
}
