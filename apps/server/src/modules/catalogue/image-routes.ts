// GET /images/products/<hash>.<webp|jpg|png|svg>?w=<width> and GET /images/brands/<slug>.svg.
// Product images are content-addressed, so they are cached for a year as immutable.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/database";
import { DomainError } from "../../core/domain-error";
import { createBrandLogos } from "./brand-logos";
import { IMAGE_FORMATS, IMAGE_WIDTHS, isContentHash, type ImageFormat, type ImageWidth } from "./image-urls";
import { createImageVariants } from "./image-variants";

const ProductImageParams = z.object({
  file: z
    .string()
    .regex(
      new RegExp(`^[0-9a-f]+\\.(?:${IMAGE_FORMATS.join("|")})$`),
      "Ask for <hash>.webp, .jpg, .png or .svg",
    ),
});

const ProductImageQuery = z.object({
  w: z.coerce
    .number<string>()
    .refine(
      (w): w is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(w),
      `Width must be one of ${IMAGE_WIDTHS.join(", ")}`,
    )
    .optional(),
});

const BrandLogoParams = z.object({
  file: z.string().regex(/^[a-z0-9-]+\.svg$/, "Ask for <brand>.svg"),
});

const IMMUTABLE = "public, max-age=31536000, immutable";
const ONE_DAY = "public, max-age=86400";
// Drawn pictures only: an SVG opened on its own may not run or load anything.
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function notModified(request: FastifyRequest, etag: string) {
  return request.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag) ?? false;
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  image: { body: Buffer | string; contentType: string; etag: string },
  cache: string,
) {
  reply.header("Cache-Control", cache).header("ETag", image.etag);
  if (image.contentType === "image/svg+xml") reply.header("Content-Security-Policy", SVG_POLICY);
  if (notModified(request, image.etag)) return reply.code(304).send();
  return reply.type(image.contentType).send(image.body);
}

export function imageRoutes(app: FastifyInstance, { db, cacheDir }: { db: Db; cacheDir: string }) {
  const variants = createImageVariants(db, cacheDir);
  const logos = createBrandLogos(db);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    "/images/products/:file",
    { schema: { params: ProductImageParams, querystring: ProductImageQuery, hide: true } },
    async (request, reply) => {
      const [hash, extension] = request.params.file.split(".") as [string, ImageFormat];
      const image = isContentHash(hash) ? await variants.render(hash, extension, request.query.w) : null;
      if (!image) throw new DomainError("not_found", "There is no such image.");
      return send(request, reply, image, IMMUTABLE);
    },
  );

  typed.get(
    "/images/brands/:file",
    { schema: { params: BrandLogoParams, hide: true } },
    async (request, reply) => {
      const logo = await logos.logo(request.params.file);
      if (!logo) throw new DomainError("not_found", "There is no such brand logo.");
      return send(request, reply, { body: logo.svg, contentType: "image/svg+xml", etag: logo.etag }, ONE_DAY);
    },
  );
}
