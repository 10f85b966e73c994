// Trade Shop's manual under section 51 of the Promotion of Access to Information Act (PAIA),
// as amended by the Protection of Personal Information Act (POPIA): the sections the
// Information Regulator's template for private bodies asks for, in its order.
import type { LegalDocument } from "./legal-document";
import { shopDetails } from "./shop-details";

export const paiaManual: LegalDocument = {
  title: "Access to Information (PAIA) Manual",
  updated: "01-Mar-2025",
  intro: [
    `This manual is published by ${shopDetails.legalName} under section 51 of the Promotion of Access to Information Act, 2 of 2000 ("PAIA"). It tells you what records we hold, which of them are available without a formal request, how to ask for the others, what it costs and what you can do if a request is refused. It also describes how we process personal information under the Protection of Personal Information Act, 4 of 2013 ("POPIA").`,
  ],
  sections: [
    {
      id: "company",
      title: "Our particulars and Information Officer",
      blocks: [
        {
          facts: [
            ["Name", shopDetails.legalName],
            ["Registration number", shopDetails.registrationNumber],
            [
              "Business",
              "Wholesale distribution of snacks, sweets, beverages, liquor and hygiene goods to trade customers",
            ],
            ["Physical address", shopDetails.address.join(", ")],
            ["Postal address", shopDetails.postalAddress.join(", ")],
            ["Phone", shopDetails.phone.display],
            ["Information Officer", `The Managing Director, ${shopDetails.privacyEmail}`],
            ["Deputy Information Officer", `The Financial Manager, ${shopDetails.privacyEmail}`],
            ["Office hours", shopDetails.hours],
          ],
        },
        "Requests for records and questions about this manual or about your personal information go to the Information Officer at the e-mail address or the physical address above.",
      ],
    },
    {
      id: "guide",
      title: "The Information Regulator's guide to PAIA",
      blocks: [
        "The Information Regulator publishes a guide, in each official language, on how to use PAIA and POPIA to get access to records (section 10 of PAIA). You can read it on the Regulator's website, inforegulator.org.za, or ask for a copy from the Regulator at JD House, 27 Stiemens Street, Braamfontein, Johannesburg, 2001. A copy is also available for inspection at our head office during office hours.",
      ],
    },
    {
      id: "available-without-request",
      title: "Records available without a request",
      blocks: [
        "The following records are available to anyone without a formal PAIA request, free of charge, on this website or from our head office:",
        {
          list: [
            "This manual",
            "Our Terms & Conditions of Trade",
            "Our product catalogue, with pack sizes, descriptions and product information supplied by manufacturers",
            "Promotional broadsheets and published deals",
            "Information on how to open a trade account and register for the online shop",
          ],
        },
      ],
    },
    {
      id: "legislation",
      title: "Records kept in terms of legislation",
      blocks: [
        "We keep records as required by, among others, the following Acts. Some of them are available only to the persons or authorities the Act names.",
        {
          list: [
            "Basic Conditions of Employment Act, 75 of 1997",
            "Companies Act, 71 of 2008",
            "Compensation for Occupational Injuries and Diseases Act, 130 of 1993",
            "Consumer Protection Act, 68 of 2008",
            "Employment Equity Act, 55 of 1998",
            "Foodstuffs, Cosmetics and Disinfectants Act, 54 of 1972",
            "Income Tax Act, 58 of 1962",
            "Labour Relations Act, 66 of 1995",
            "Liquor Act, 59 of 2003, and the provincial liquor acts",
            "Occupational Health and Safety Act, 85 of 1993",
            "Protection of Personal Information Act, 4 of 2013",
            "Skills Development Levies Act, 9 of 1999",
            "Unemployment Insurance Act, 63 of 2001",
            "Value-Added Tax Act, 89 of 1991",
          ],
        },
      ],
    },
    {
      id: "records",
      title: "Subjects and categories of records we hold",
      blocks: [
        {
          table: {
            caption: "Records held by subject",
            head: ["Subject", "Categories of records"],
            rows: [
              [
                "Company",
                "Memorandum of incorporation, share register, minutes of directors and shareholders, statutory returns",
              ],
              [
                "Finance and tax",
                "Annual financial statements, accounting records, invoices and credit notes, VAT, income tax and PAYE records, bank statements",
              ],
              [
                "Customers",
                "Trade account applications, customer account details, credit applications and limits, liquor licences, orders, invoices, statements, delivery notes, correspondence and enquiries",
              ],
              [
                "Suppliers",
                "Supplier agreements, purchase orders, supplier invoices, product specifications",
              ],
              [
                "Products and stock",
                "Product master data, price lists and deals, stock records per warehouse, recall and quality records",
              ],
              [
                "Employees",
                "Employment contracts, personnel files, payroll and leave records, training, health and safety records",
              ],
              [
                "Online shop and IT",
                "User logins and roles, records of log-ins and orders placed online, security and system logs, backups",
              ],
              [
                "Assets and premises",
                "Asset registers, vehicle records, leases, insurance policies, warehouse access records",
              ],
            ],
          },
        },
      ],
    },
    {
      id: "personal-information",
      title: "Processing of personal information",
      blocks: [
        "Purpose. We process personal information to open and run trade accounts, assess credit, take, deliver and invoice orders, answer enquiries, keep the online shop secure, employ staff, pay suppliers, and meet our duties under tax, labour, liquor and company law.",
        {
          table: {
            caption: "Data subjects and the personal information we process about them",
            head: ["Data subjects", "Personal information"],
            rows: [
              [
                "Customers and their owners, staff and contact people",
                "Names, identity or registration numbers, contact details, delivery addresses, login names, order and payment history, credit information, liquor licence details",
              ],
              [
                "People who send an enquiry",
                "Name, e-mail address, phone number, customer account number and the message",
              ],
              [
                "Employees and job applicants",
                "Identity numbers, contact details, qualifications, banking and tax details, health and safety records",
              ],
              ["Suppliers and their contact people", "Names, contact details, banking and tax details"],
            ],
          },
        },
        {
          facts: [
            [
              "Recipients",
              "Our staff who need the information for their work; delivery and IT service providers bound by confidentiality agreements; credit bureaus and insurers for credit accounts; banks and payment providers; authorities such as SARS and the liquor boards when the law requires it",
            ],
            [
              "Cross-border transfers",
              "We do not plan to transfer personal information outside South Africa. If a service provider stores information abroad, we will transfer it only as section 72 of POPIA allows.",
            ],
            [
              "Security measures",
              "Access only for staff who need it, passwords stored as one-way hashes, encrypted connections to the online shop, regular backups, logged access to customer records, and confidentiality agreements with service providers",
            ],
          ],
        },
      ],
    },
    {
      id: "request-procedure",
      title: "How to request access to a record",
      blocks: [
        {
          list: [
            "Complete Form 2 (Request for Access to Record) of the PAIA regulations, available from the Information Regulator's website or from our Information Officer, and send it to the Information Officer by e-mail, by post or by hand.",
            "Describe the record well enough for us to find it, say in what form you want access (a copy, an inspection, an electronic copy), and how we should tell you of our decision.",
            "Give proof of your identity. If you request on behalf of someone else, give proof of your authority to do so.",
            "Explain which right you want to exercise or protect and why the record is needed for it (section 53 of PAIA).",
            "We will decide within 30 days of receiving a complete request and tell you in writing. We may extend this once by up to 30 days if the request is for many records or needs a long search, and will tell you why. No answer within the time allowed counts as a refusal.",
          ],
        },
      ],
    },
    {
      id: "fees",
      title: "Fees",
      blocks: [
        "The fees are those prescribed in the PAIA regulations for private bodies. A personal requester, who asks for records about themselves, pays no request fee. Other requesters pay the prescribed request fee before we process the request.",
        "If finding and preparing the record will take more than the time the regulations allow without charge, we will tell you the access fee in advance and may ask for a deposit of up to one third of it. The record is released once the access fee (for copies, search and preparation, and postage) has been paid. You will be told in writing of any fee before you have to pay it.",
      ],
    },
    {
      id: "refusal",
      title: "Grounds for refusal",
      blocks: [
        "We may or must refuse access on the grounds set out in Chapter 4 of Part 3 of PAIA, including to protect:",
        {
          list: [
            "the privacy of a third party who is a natural person (section 63);",
            "the commercial information of a third party, such as a supplier's or customer's prices and terms (section 64);",
            "confidential information of a third party that we must keep confidential under an agreement (section 65);",
            "the safety of individuals and the protection of property (section 66);",
            "records that are privileged from production in legal proceedings (section 67);",
            "our own commercial information, such as trade secrets, pricing and negotiating positions (section 68);",
            "research information of a third party or of Trade Shop (section 69).",
          ],
        },
        "A request that is manifestly frivolous or vexatious, or that would substantially divert our resources, may also be refused.",
      ],
    },
    {
      id: "remedies",
      title: "Remedies",
      blocks: [
        "We have no internal appeal procedure. If you are unhappy with our decision, with a fee, with an extension of time or with the form of access granted, you may, within 180 days of our decision, lodge a complaint with the Information Regulator (inforegulator.org.za) or apply to a court for relief.",
      ],
    },
    {
      id: "availability",
      title: "Availability and updates of this manual",
      blocks: [
        "This manual is available on this website and for inspection at our head office during office hours, free of charge. A printed copy can be posted to you for the prescribed fee. We review the manual at least once a year and whenever our records or processing change.",
      ],
    },
  ],
};
