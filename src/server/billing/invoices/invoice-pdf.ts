import { countryName } from '../../../domain/countries';
import { formatCents } from '../../../domain/format';
import { REVERSE_CHARGE_LINE, ratePercent, TAX_WORD } from '../../../domain/tax';
import type { TaxSplit } from './invoice-tax';

/** Who issues the document: the seller snapshot, or the brand on invoices issued before it. */
export interface DocumentSeller {
  name: string;
  address: string[];
  country: string;
  taxNumber: string;
  email: string;
  phone: string;
}

export interface DocumentBuyer {
  name: string;
  email: string;
  company?: string | null;
  address?: string | null;
  country?: string | null;
  taxNumber?: string | null;
}

export interface InvoiceData {
  /** "Invoice INV-0001" or "Credit note CN-0001". */
  title: string;
  issuedAt: Date;
  seller: DocumentSeller;
  buyer: DocumentBuyer;
  /** Lines under the title: order, service period, status, the invoice a credit note credits. */
  facts: string[];
  lines: { description: string; quantity: number; unitCents: number }[];
  totalCents: number;
  tax: TaxSplit;
  paymentMethod: string | null;
  footer: string;
}

const METHOD_LABELS: Record<string, string> = {
  card: 'Credit/Debit Card',
  sandbox: 'Card (sandbox test payment)',
  crypto: 'Cryptocurrency',
  bank_transfer: 'Bank Transfer',
};

export const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * An invoice or a credit note as a PDF (seller, buyer, number, lines, net / tax / total).
 * The PDF library is loaded on the first document, not at start: it is ~30 MB of a server's
 * memory that most processes never need (docs/performance.md).
 */
export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: data.title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const { seller, buyer } = data;
    doc.fillColor('#4f46e5').fontSize(22).font('Helvetica-Bold').text(seller.name);
    doc.fillColor('#334155').fontSize(10).font('Helvetica');
    for (const line of seller.address) doc.text(line);
    if (seller.country) doc.text(countryName(seller.country));
    if (seller.taxNumber) doc.text(`${TAX_WORD} number: ${seller.taxNumber}`);
    doc.text(`${seller.email} · ${seller.phone}`);
    doc.moveDown(1.5);

    doc.fillColor('#0f172a').fontSize(18).font('Helvetica-Bold').text(data.title);
    doc.fontSize(10).font('Helvetica').fillColor('#334155');
    doc.text(`Date: ${day(data.issuedAt)}`);
    for (const fact of data.facts) doc.text(fact);
    doc.moveDown();

    doc.font('Helvetica-Bold').fillColor('#0f172a').text('Billed to');
    doc.font('Helvetica').fillColor('#334155');
    if (buyer.company) doc.text(buyer.company);
    doc.text(buyer.name);
    for (const line of (buyer.address ?? '').split('\n')) if (line) doc.text(line);
    if (buyer.country) doc.text(countryName(buyer.country));
    if (buyer.taxNumber) doc.text(`${TAX_WORD} number: ${buyer.taxNumber}`);
    doc.text(buyer.email);
    doc.moveDown(1.5);

    const left = doc.page.margins.left;
    const right = doc.page.width - doc.page.margins.right;
    /** The thin line under the table's header and under its last row. */
    const rule = () => {
      doc
        .moveTo(left, doc.y + 4)
        .lineTo(right, doc.y + 4)
        .strokeColor('#cbd5e1')
        .stroke();
      doc.moveDown(0.8);
    };
    const columns = { description: left, quantity: left + 270, unit: left + 330, amount: left + 420 };
    const header = doc.y;
    doc.font('Helvetica-Bold').fillColor('#0f172a');
    doc.text('Description', columns.description, header);
    doc.text('Qty', columns.quantity, header);
    doc.text('Unit price', columns.unit, header);
    doc.text('Amount', columns.amount, header);
    rule();
    doc.font('Helvetica').fillColor('#334155');
    for (const line of data.lines) {
      const y = doc.y;
      doc.text(line.description, columns.description, y, { width: 260 });
      doc.text(String(line.quantity), columns.quantity, y);
      doc.text(formatCents(line.unitCents), columns.unit, y);
      doc.text(formatCents(line.unitCents * line.quantity), columns.amount, y);
      doc.moveDown(0.5);
    }
    rule();
    const sum = (label: string, cents: number) => {
      const y = doc.y;
      doc.text(label, columns.unit - 60, y, { width: 140 });
      doc.text(formatCents(cents), columns.amount, y);
      doc.moveDown(0.3);
    };
    const { tax } = data;
    if (tax.rateBasisPoints > 0 || tax.reverseCharge) {
      sum('Net', tax.netCents);
      sum(`${TAX_WORD} ${ratePercent(tax.rateBasisPoints)}`, tax.taxCents);
    }
    doc.font('Helvetica-Bold').fillColor('#0f172a');
    sum('Total (USD)', data.totalCents);
    doc.moveDown(1.5);
    doc.font('Helvetica').fillColor('#334155');
    if (tax.reverseCharge) doc.text(REVERSE_CHARGE_LINE, left);
    if (tax.rateBasisPoints > 0)
      doc.text(`Prices include ${ratePercent(tax.rateBasisPoints)} ${TAX_WORD}.`, left);
    if (data.paymentMethod)
      doc.text(`Payment method: ${METHOD_LABELS[data.paymentMethod] ?? data.paymentMethod}`, left);
    doc.moveDown();
    doc.fontSize(9).fillColor('#64748b').text(data.footer, left);
    doc.end();
  });
}
