// Health: /api/health, /api/health/live and /api/health/ready, what a load balancer routes by
// (docs/operations.md). Owns no table. Offers its routes only.
export { healthRoutes } from "./routes";
