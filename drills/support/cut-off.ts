// The submit that is in flight when a server process dies: its client gets no answer, so it
// repeats the same command (the same orderReference) until it gets one, and must end up with
// exactly one order.
import { Cart } from "@trade-shop/contracts/cart";
import type { CreateOrderCommand } from "@trade-shop/contracts/orders";
import { commandFrom } from "../../apps/server/test/orders";
import type { Shopper } from "./database";
import { ExchangeLog, ShopClient, isTransient, sleep, type Answer } from "./shop-client";

type LoggedIn = Shopper & { token: string };

/**
 * Fills `shopper`'s cart with a SKU that does not run out and sends the submit straight to
 * `serverUrl`; returns a few milliseconds later, before the answer, so the caller can kill it.
 */
export async function submitAboutToBeCut(client: ShopClient, shopper: LoggedIn, serverUrl: string) {
  await client.call("POST", "/api/Cart/ClearUserCart", { token: shopper.token });
  const added = await client.call("POST", "/api/Cart/AdditemToCart", {
    token: shopper.token,
    body: { skuCode: shopper.ampleSkus[0], quantity: 1 },
  });
  const command = commandFrom(Cart.parse(added.json));
  const direct = new ShopClient(serverUrl, new ExchangeLog());
  const answer = direct.call("POST", "/api/Order", { token: shopper.token, body: command });
  await sleep(5);
  return { command, answer };
}

/** The same command through `client` until it gets an answer that is not "not now" (at most 20 tries). */
export async function repeatUntilAnswered(
  client: ShopClient,
  shopper: LoggedIn,
  command: CreateOrderCommand,
): Promise<Answer> {
  const send = () => client.call("POST", "/api/Order", { token: shopper.token, body: command });
  let answer = await send();
  for (let tries = 1; tries < 20 && isTransient(answer); tries++) {
    await sleep(250);
    answer = await send();
  }
  return answer;
}
