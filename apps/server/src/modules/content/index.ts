// Content: the contact form (enquiries, e-mailed to the shop) and what search engines are told
// (robots.txt, sitemap.xml). Owns enquiries. Offers its routes only (docs/architecture.md).
export { contentRoutes } from "./routes";
export { crawlerRoutes } from "./crawlers";
