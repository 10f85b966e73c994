// An address as the API spells it (docs/data.md: address1 to address5, addressPC) from a row of
// customers or customer_addresses, which store the postal code as address_pc.
interface AddressRow<Line1> {
  address1: Line1;
  address2: string | null;
  address3: string | null;
  address4: string | null;
  address5: string | null;
  addressPc: string | null;
}

export function addressFields<Line1 extends string | null>(row: AddressRow<Line1>) {
  return {
    address1: row.address1,
    address2: row.address2,
    address3: row.address3,
    address4: row.address4,
    address5: row.address5,
    addressPC: row.addressPc,
  };
}
