// The head office on a map (docs/screens.md footer): a drawn map shipped with the app, so it shows
// offline and needs no third-party tiles or cookies. If the image cannot load, the address
// beside it is the fallback; the link opens a real map site for directions.
import { useState } from "react";
import { ExternalLink } from "lucide-react";
import mapImage from "./assets/head-office-map.svg";
import { shopDetails } from "./shop-details";

export function HeadOfficeMap({
  className = "",
  linkClassName = "",
}: {
  className?: string;
  linkClassName?: string;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <figure className={className}>
      {!imageFailed && (
        <img
          src={mapImage}
          alt={`Map showing the ${shopDetails.name} head office on Depot Road, ${shopDetails.address[1]}`}
          width={320}
          height={200}
          loading="lazy"
          onError={() => setImageFailed(true)}
          className="aspect-[8/5] h-auto w-full max-w-80 rounded-lg ring-1 ring-black/10"
        />
      )}
      <figcaption>
        {imageFailed && <span className="block">{shopDetails.address.join(", ")}</span>}
        <a href={shopDetails.mapUrl} target="_blank" rel="noopener noreferrer" className={linkClassName}>
          Get directions
          <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only"> (opens a map in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}
