// The terms on which Trade Shop sells to trade customers. The terms page and the downloadable
// PDF (public/docs/terms-and-conditions.pdf, checked by terms-pdf.test.ts) are both made from
// this text, so they cannot drift apart.
import type { LegalDocument } from "./legal-document";
import { shopDetails } from "./shop-details";

const headOffice = shopDetails.address.join(", ");

export const tradeTerms: LegalDocument = {
  title: "Terms & Conditions of Trade",
  updated: "01-Mar-2025",
  intro: [
    `These terms apply to every order a trade customer places with ${shopDetails.legalName} ("Trade Shop", "we", "us"), whether through this online shop, by WhatsApp, by phone or through a sales representative. By opening a trade account or placing an order you accept them on behalf of your business.`,
    "Where your business has a signed credit agreement or supply agreement with us, that agreement applies first and these terms fill in anything it does not cover.",
  ],
  sections: [
    {
      id: "accounts",
      title: "Trade accounts and logins",
      blocks: [
        "We sell to businesses that buy for resale or for use in their business: spaza shops, general dealers, wholesalers, taverns, caterers and similar trade customers. We do not sell to consumers for private use.",
        {
          list: [
            "Each trade account has a customer account number (for example CUS0001). Logins to the online shop are linked to that account, and every order placed with a login is an order of the account holder.",
            "Keep your password to yourself. Tell us at once if you think someone else has used your login; we will disable it and issue a new one.",
            "Tell us in writing when your trading name, address, VAT number, banking details, owners or liquor licence change.",
          ],
        },
      ],
    },
    {
      id: "orders",
      title: "Orders",
      blocks: [
        'An order is your offer to buy. It becomes a contract when we accept it, which happens when our accounting system gives it a sales order number (shown as the order status "Submitted" in your order history).',
        {
          list: [
            "We may decline or shorten an order when stock runs out, when it would take your account over its credit limit, when it contains liquor and your account is not licensed for liquor, or when your account is on hold.",
            "If the prices in your cart change before you place the order, the shop asks you to review the cart first. The prices on an accepted order do not change afterwards.",
            "An order placed twice by mistake (for example by pressing the button twice) is placed once.",
            "Orders are in packs: the pack size on each product says how many units a pack holds.",
          ],
        },
      ],
    },
    {
      id: "prices",
      title: "Prices, deals and VAT",
      blocks: [
        "Prices are in South African rand and are those of the price list linked to your account on the day the order is placed. The shop shows every price excluding and including VAT; VAT is charged at the rate in force on the invoice date (currently 15%).",
        {
          list: [
            "A deal price applies to a line when its quantity reaches the deal's minimum quantity and the deal is running on the day of the order. Deals may end without notice once stock of the promotion is sold.",
            "Obvious errors in a price or description (a decimal in the wrong place, say) do not bind either party; we will contact you before invoicing such a line.",
            "Product pictures are there to help you find a product. The pack size, capacity and description on the order are what you buy.",
          ],
        },
      ],
    },
    {
      id: "liquor",
      title: "Liquor",
      blocks: [
        "Liquor is sold only to accounts that hold a valid liquor licence under the Liquor Act, 59 of 2003, or the liquor act of their province, and that have given us a copy of it. We may ask for proof at any time and stop liquor sales to an account whose licence has lapsed.",
        "You may not resell liquor bought from us to persons under the age of 18, or outside the conditions of your licence.",
      ],
    },
    {
      id: "credit-and-payment",
      title: "Credit and payment",
      blocks: [
        {
          list: [
            "Accounts without approved credit pay before delivery or on delivery, as agreed with our sales team.",
            "Accounts with approved credit may order up to their remaining credit (the credit limit less the account balance and orders not yet invoiced), as shown in the header of the shop. Payment is due by the date on your statement.",
            "When an account is overdue, new orders may be put on hold until it is paid up. Interest on overdue amounts is charged at the rate in your credit agreement, never above the rate the law allows.",
            "Goods remain the property of Trade Shop until they have been paid for in full; the risk in them passes to you on delivery or collection.",
          ],
        },
      ],
    },
    {
      id: "delivery",
      title: "Delivery and collection",
      blocks: [
        `We deliver nationally from our ${shopDetails.warehouses} warehouses. Each account is served from its stocking warehouse. Delivery is free of charge to the address on your account, on your account's delivery days; you may also collect from your warehouse during trading hours.`,
        {
          list: [
            "Delivery dates are our best estimate. We will tell you as soon as we know of a delay, but we are not liable for losses caused by late delivery.",
            "Someone authorised by your business must be present to receive, count and sign for the goods. Note any shortage or visible damage on the delivery note before signing.",
          ],
        },
      ],
    },
    {
      id: "returns",
      title: "Shortages, damage and returns",
      blocks: [
        {
          list: [
            "Report shortages and damage that could not be seen on delivery within 2 working days, with the invoice number and photographs where possible.",
            "Goods that are defective, past their best-before date on delivery, or not what you ordered are replaced or credited in full, including the cost of returning them.",
            "Other returns are accepted only by prior arrangement, in their original, unopened packaging and in a saleable condition; we may charge a handling fee of up to 10% of their value.",
            "Liquor, chilled goods and goods made or ordered specially for you cannot be returned unless they are defective.",
          ],
        },
        "Nothing in these terms takes away any right your business has under the Consumer Protection Act, 68 of 2008, where that Act applies to it.",
      ],
    },
    {
      id: "online-shop",
      title: "Using the online shop",
      blocks: [
        "We work to keep the shop available, but it may be unavailable from time to time for maintenance or for reasons outside our control. You can always order through your sales representative or our sales support team during office hours.",
        "Do not use the shop in a way that harms it or other customers: no automated scraping of prices, no attempts to reach other customers' information, and no use of another business's login.",
      ],
    },
    {
      id: "personal-information",
      title: "Personal information",
      blocks: [
        "We process the personal information of your owners, staff and contact people to run your account, deliver your orders, assess credit and meet our legal duties, as the Protection of Personal Information Act, 4 of 2013, allows. Our Access to Information (PAIA) manual explains what we keep, why, who we share it with and how to ask for it.",
      ],
    },
    {
      id: "liability",
      title: "Liability",
      blocks: [
        "As far as the law allows, our liability for any claim about an order is limited to the value of that order, and neither party is liable for the other's indirect or consequential losses, such as lost profit. Neither party is liable for failing to perform because of events beyond its reasonable control, such as load-shedding, floods, strikes or road closures, for as long as the event lasts.",
      ],
    },
    {
      id: "changes-and-law",
      title: "Changes, disputes and law",
      blocks: [
        {
          list: [
            "We may change these terms. The version on this page on the day you place an order applies to that order; we will tell account holders about important changes before they take effect.",
            "If you are unhappy with an order or an invoice, contact our sales support team first; most problems are solved within a day or two.",
            "These terms are governed by the law of the Republic of South Africa. Both parties agree to the jurisdiction of the Magistrate's Court for claims within its limits.",
          ],
        },
      ],
    },
    {
      id: "contact",
      title: "Contact",
      blocks: [
        {
          facts: [
            [
              "Company",
              `${shopDetails.legalName}, registration number ${shopDetails.registrationNumber}, VAT number ${shopDetails.vatNumber}`,
            ],
            ["Head office", headOffice],
            ["Phone", shopDetails.phone.display],
            ["E-mail", shopDetails.email],
            ["Office hours", shopDetails.hours],
          ],
        },
      ],
    },
  ],
};
