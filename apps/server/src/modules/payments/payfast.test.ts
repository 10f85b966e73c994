// PayFast's signatures against known answers: the payment form of django-payfast's test suite
// (signed against PayFast's sandbox) and an ITN that PayFast's sandbox itself sent and signed.
import { describe, expect, it } from "vitest";
import {
  checkoutSignature,
  itnSignature,
  ITN_FIELD_ORDER,
  parameterString,
  payfastEncode,
  signedCheckoutFields,
} from "./payfast";

const checkout = () => ({
  merchant_id: "10000100",
  merchant_key: "46f0cd694581a",
  notify_url: "http://127.0.0.1:8000/payfast/notify/",
  name_first: "Вася",
  name_last: "Пупников",
  m_payment_id: "23",
  amount: "234",
  item_name: "Payment (Планета суши). ID:272-15",
});

describe("PayFast signatures", () => {
  it("signs a payment form as PayFast does", () => {
    expect(checkoutSignature(checkout())).toBe("481366608545707be67c6514386b3fb1");
  });

  it("leaves blank fields out of a payment form's signature", () => {
    expect(checkoutSignature({ ...checkout(), name_first: "" })).toBe("6551205f0fee13cf09174b0b887ec5b3");
    expect(checkoutSignature({ ...checkout(), name_first: "", name_last: "" })).toBe(
      "8f6435965cd9b00a9a965d93fc6c4c48",
    );
  });

  it("signs in PayFast's field order, whatever order the fields are given in", () => {
    const reversed = Object.fromEntries(Object.entries(checkout()).reverse());
    expect(checkoutSignature(reversed)).toBe("481366608545707be67c6514386b3fb1");
    const form = signedCheckoutFields(reversed);
    expect(form.map(([name]) => name)).toEqual([
      "merchant_id",
      "merchant_key",
      "notify_url",
      "name_first",
      "name_last",
      "m_payment_id",
      "amount",
      "item_name",
      "signature",
    ]);
  });

  it("verifies an ITN PayFast's sandbox sent, blank fields included", () => {
    const itn: Record<string, string> = {
      m_payment_id: "",
      pf_payment_id: "558900",
      payment_status: "COMPLETE",
      item_name: "Flux capacitor",
      item_description: "",
      amount_gross: "123.00",
      amount_fee: "-2.80",
      amount_net: "120.20",
      custom_str1: "",
      custom_str2: "",
      custom_str3: "",
      custom_str4: "",
      custom_str5: "",
      custom_int1: "",
      custom_int2: "",
      custom_int3: "",
      custom_int4: "",
      custom_int5: "",
      name_first: "Test",
      name_last: "User 01",
      email_address: "sbtu01@payfast.co.za",
      merchant_id: "10000100",
    };
    const fields = ITN_FIELD_ORDER.map((name) => [name, itn[name]!] as const);
    expect(itnSignature(fields)).toBe("94b05677771813701468289ed3cabed1");
    // A changed amount, or the fields in another order, is another signature.
    const tampered = fields.map(
      ([name, value]) => [name, name === "amount_gross" ? "12.30" : value] as const,
    );
    expect(itnSignature(tampered)).not.toBe("94b05677771813701468289ed3cabed1");
    expect(itnSignature([...fields].reverse())).not.toBe("94b05677771813701468289ed3cabed1");
  });

  it("adds the passphrase last, encoded like the values", () => {
    const fields = [["amount", "10.00"] as const, ["item_name", "Pay ~ it"] as const];
    expect(parameterString(fields)).toBe("amount=10.00&item_name=Pay+%7E+it");
    expect(itnSignature(fields, "a b")).not.toBe(itnSignature(fields));
    expect(payfastEncode("O'Neil (Pty) *Ltd* ~!")).toBe("O%27Neil+%28Pty%29+%2ALtd%2A+%7E%21");
  });
});
