// The ordered list of schema migrations. Append only: a released migration never changes.
import * as m0001 from "./0001-initial";
import * as m0002 from "./0002-catalogue-search";
import * as m0003 from "./0003-identity";
import * as m0004 from "./0004-buying";
import * as m0005 from "./0005-backoffice";
import * as m0006 from "./0006-outbox-pruning";
import * as m0007 from "./0007-order-id-by-default";
import * as m0008 from "./0008-token-version";
import * as m0009 from "./0009-login-lockouts";
import * as m0010 from "./0010-outbox-leases";
import * as m0011 from "./0011-visitor-warehouse";
import * as m0012 from "./0012-product-barcodes";
import * as m0013 from "./0013-order-lists";
import * as m0014 from "./0014-search-vocabulary";
import * as m0015 from "./0015-search-cache";
import * as m0016 from "./0016-account-documents";
import * as m0017 from "./0017-account-buyers";
import * as m0018 from "./0018-sales-reps";
import * as m0019 from "./0019-stream-token-version";
import * as m0020 from "./0020-catalogue-changes";
import * as m0021 from "./0021-search-own-name";
import * as m0022 from "./0022-gin-without-pending-list";
import * as m0023 from "./0023-delivery-day";
import * as m0024 from "./0024-cancel-orders";
import * as m0025 from "./0025-change-orders";
import * as m0026 from "./0026-alerts";
import * as m0027 from "./0027-shelf-prices";
import * as m0028 from "./0028-payments";
import * as m0029 from "./0029-applications";
import * as m0030 from "./0030-history-pages";
import * as m0031 from "./0031-ledger-months";
import * as m0033 from "./0033-cart-add-requests";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  { version: 1, ...m0001 },
  { version: 2, ...m0002 },
  { version: 3, ...m0003 },
  { version: 4, ...m0004 },
  { version: 5, ...m0005 },
  { version: 6, ...m0006 },
  { version: 7, ...m0007 },
  { version: 8, ...m0008 },
  { version: 9, ...m0009 },
  { version: 10, ...m0010 },
  { version: 11, ...m0011 },
  { version: 12, ...m0012 },
  { version: 13, ...m0013 },
  { version: 14, ...m0014 },
  { version: 15, ...m0015 },
  { version: 16, ...m0016 },
  { version: 17, ...m0017 },
  { version: 18, ...m0018 },
  { version: 19, ...m0019 },
  { version: 20, ...m0020 },
  { version: 21, ...m0021 },
  { version: 22, ...m0022 },
  { version: 23, ...m0023 },
  { version: 24, ...m0024 },
  { version: 25, ...m0025 },
  { version: 26, ...m0026 },
  { version: 27, ...m0027 },
  { version: 28, ...m0028 },
  { version: 29, ...m0029 },
  { version: 30, ...m0030 },
  { version: 31, ...m0031 },
  { version: 33, ...m0033 },
];
