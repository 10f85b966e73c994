// The head office's public details, shown in the header and footer (SPEC §1, §2, §9).
// Demo values: the address, numbers and addresses are fictional.

export const shopDetails = {
  name: "Trade Shop",
  tagline: "trade orders made simple",
  address: ["12 Depot Road", "Germiston", "1401"],
  phone: { display: "+27 11 000 0000", href: "tel:+27110000000" },
  email: "sales@tradeshop.example",
  whatsappUrl: "https://wa.me/27110000000",
  hours: "Mon-Fri 8:00AM-6:00PM",
  warehouses: 7,
  products: "3000+",
  socialPage: { label: "Trade Shop on Facebook", href: "https://www.facebook.com/tradeshop.example" },
  termsPdf: "/docs/terms-and-conditions.pdf",
  copyrightYear: 2025,
} as const;
