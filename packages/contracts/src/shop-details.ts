// The head office's public details, shown in the header, footer, contact page and legal pages
// (docs/product.md, docs/screens.md, docs/rules.md), and printed on statements and tax invoices. Demo values: the company,
// address, numbers and addresses are fictional.

export const shopDetails = {
  name: "Trade Shop",
  legalName: "Trade Shop (Pty) Ltd",
  registrationNumber: "2015/123456/07",
  vatNumber: "4123456789",
  tagline: "trade orders made simple",
  address: ["12 Depot Road", "Germiston", "1401"],
  postalAddress: ["PO Box 1401", "Germiston", "1400"],
  phone: { display: "+27 11 000 0000", href: "tel:+27110000000" },
  email: "sales@tradeshop.example",
  privacyEmail: "privacy@tradeshop.example",
  whatsappUrl: "https://wa.me/27110000000",
  hours: "Mon-Fri 8:00AM-6:00PM",
  warehouses: 7,
  products: "3000+",
  socialPage: { label: "Trade Shop on Facebook", href: "https://www.facebook.com/tradeshop.example" },
  termsPdf: "/docs/terms-and-conditions.pdf",
  /** Opens the head office in a map site; the page itself only shows a drawn map (no tiles). */
  mapUrl: "https://www.openstreetmap.org/?mlat=-26.2157&mlon=28.1677#map=16/-26.2157/28.1677",
  copyrightYear: 2025,
} as const;
