// The warehouses nearest an applicant's pin: great-circle distances from the warehouses' own
// coordinates (migration 0029). A warehouse without coordinates comes last, with no distance.
import type { Db } from "../../db/database";

/** The mean radius of the Earth, in km. */
const EARTH_RADIUS_KM = 6371.0088;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in km (the haversine formula). */
export function distanceKm(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface NearWarehouse {
  code: string;
  name: string;
  /** Rounded to 0.1 km; null for a warehouse whose place is not known. */
  distanceKm: number | null;
}

/** Every warehouse, the nearest to the pin first. */
export async function warehousesNearest(
  db: Db,
  pin: { latitude: number; longitude: number },
): Promise<NearWarehouse[]> {
  const rows = await db.selectFrom("warehouses").select(["code", "name", "latitude", "longitude"]).execute();
  const near = rows.map((w) => ({
    code: w.code,
    name: w.name,
    km:
      w.latitude === null || w.longitude === null
        ? null
        : distanceKm(pin, { latitude: Number(w.latitude), longitude: Number(w.longitude) }),
  }));
  near.sort((a, b) =>
    a.km === null || b.km === null
      ? (a.km === null ? 1 : 0) - (b.km === null ? 1 : 0) || a.code.localeCompare(b.code)
      : a.km - b.km,
  );
  return near.map(({ code, name, km }) => ({
    code,
    name,
    distanceKm: km === null ? null : Math.round(km * 10) / 10,
  }));
}
