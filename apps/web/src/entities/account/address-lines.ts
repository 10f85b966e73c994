// An account or delivery address as the lines to print, empty parts left out.
import type { CustomerAddress } from "@trade-shop/contracts/accounts";

export type AddressParts = Pick<
  CustomerAddress,
  "address2" | "address3" | "address4" | "address5" | "addressPC"
> & {
  address1: string | null;
};

export function addressLines(address: AddressParts): string[] {
  return [
    address.address1,
    address.address2,
    address.address3,
    address.address4,
    address.address5,
    address.addressPC,
  ].filter((line): line is string => Boolean(line?.trim()));
}
