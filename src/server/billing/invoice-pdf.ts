import { formatCents, invoiceLabel } from '../../domain/format';

export interface InvoiceData {
  number: number;
  issuedAt: Date;
  brand: { name: string; location: string; supportEmail: string; supportPhone: string };
  customer: { name: string; email: string; company?: string | null; country?: string | null };
  lines: { description: string; quantity: number; unitCents: number }[];
  totalCents: number;
  paymentMethod: string;
  status: string;
  period: { start: Date | null; end: Date | null };
  orderId: number;
}

const METHOD_LABELS: Record<string, string> = {
  card: 'Credit/Debit Card',
  sandbox: 'Card (sandbox test payment)',
  crypto: 'Cryptocurrency',
  bank_transfer: 'Bank Transfer',
};

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * One payment as a PDF invoice (brand, operator address, customer, number, lines, totals).
 * The PDF library is loaded on the first invoice, not at start: it is ~30 MB of a server's
 * memory that most processes never need (docs/performance.md).
 */
export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `Invoice ${invoiceLabel(data.number)}` },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fillColor('#4f46e5').fontSize(22).font('Helvetica-Bold').text(data.brand.name);
    doc.fillColor('#334155').fontSize(10).font('Helvetica').text(data.brand.location);
    doc.text(`${data.brand.supportEmail} · ${data.brand.supportPhone}`);
    doc.moveDown(1.5);

    doc
      .fillColor('#0f172a')
      .fontSize(18)
      .font('Helvetica-Bold')
      .text(`Invoice ${invoiceLabel(data.number)}`);
    doc.fontSize(10).font('Helvetica').fillColor('#334155');
    doc.text(`Date: ${day(data.issuedAt)}`);
    doc.text(`Order: ${data.orderId}`);
    if (data.period.start && data.period.end)
      doc.text(`Service period: ${day(data.period.start)} to ${day(data.period.end)}`);
    doc.text(`Status: ${data.status}`);
    doc.moveDown();

    doc.font('Helvetica-Bold').fillColor('#0f172a').text('Billed to');
    doc.font('Helvetica').fillColor('#334155').text(data.customer.name);
    if (data.customer.company) doc.text(data.customer.company);
    doc.text(data.customer.email);
    if (data.customer.country) doc.text(data.customer.country);
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
    doc.font('Helvetica-Bold').fillColor('#0f172a');
    const totalY = doc.y;
    doc.text('Total (USD)', columns.unit, totalY);
    doc.text(formatCents(data.totalCents), columns.amount, totalY);
    doc.moveDown(2);
    doc
      .font('Helvetica')
      .fillColor('#334155')
      .text(`Payment method: ${METHOD_LABELS[data.paymentMethod] ?? data.paymentMethod}`, left);
    doc.moveDown();
    doc
      .fontSize(9)
      .fillColor('#64748b')
      .text(
        'Billed monthly. Cancel any time; access continues to the end of the paid period. 14-day money-back guarantee; no pro-rated refunds.',
      );
    doc.end();
  });
}
