/**
 * The parties of an issued invoice, copied onto the payment when it is recorded
 * (docs/decisions/0013-invoices-and-tax.md). Written by the database (a trigger builds the
 * buyer from the billing profile, the seller from app_meta), so the keys are fixed here.
 */
export interface InvoiceBuyer {
  name: string;
  email: string;
  companyName: string;
  address: string;
  country: string;
  taxNumber: string;
  invoiceEmail: string;
}

export interface InvoiceSeller {
  legalName: string;
  address: string[];
  country: string;
  taxNumber: string;
  email: string;
  phone: string;
  taxRateBasisPoints: number;
}
