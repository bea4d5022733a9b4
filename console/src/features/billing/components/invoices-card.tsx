import type { Invoice } from '@trawl/sdk';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { DownloadIcon, ListIcon } from '../../../components/ui/icons';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage, reportFailure } from '../../../lib/report-failure';
import { useTrawl, useUser } from '../../../lib/session';
import { useInvoices } from '../api/billing';

const money = (cents: number, currency: string) =>
  (cents / 100).toLocaleString(undefined, { style: 'currency', currency: currency.toUpperCase() });

/** The team's invoices, newest first, each with its PDF. */
export function InvoicesCard() {
  const trawl = useTrawl();
  const teamId = useUser().teams[0]!.id;
  const { invoices, error } = useInvoices(true);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (invoice: Invoice) => {
    setDownloading(invoice.id);
    try {
      const pdf = await trawl.billing.invoicePdf(teamId, invoice.id);
      const url = URL.createObjectURL(new Blob([pdf], { type: 'application/pdf' }));
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = `invoice-${invoice.number ?? invoice.id}.pdf`;
        document.body.appendChild(link);
        link.click();
        link.remove();
      } finally {
        // Revoke after the click has been handled, or some browsers save nothing.
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      }
    } catch (err: unknown) {
      reportFailure('downloadInvoice', err);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="invoices-title">
      <header className="settings-card__header">
        <h2 id="invoices-title" className="settings-card__title">
          Invoices
        </h2>
      </header>
      {error ? (
        <div className="settings-card__body">
          <FormAlert>{failureMessage('loadInvoices', error)}</FormAlert>
        </div>
      ) : !invoices ? (
        <div className="settings-card__body">
          <Spinner />
        </div>
      ) : invoices.length === 0 ? (
        <div className="settings-card__list">
          <EmptyState
            icon={<ListIcon />}
            title="No invoices yet"
            description="Invoices appear here once a plan is billed."
          />
        </div>
      ) : (
        <div className="settings-card__list table-wrap">
          <table className="table invoices-table">
            <thead>
              <tr>
                <th>Date</th>
                <th className="invoices-table__optional">Number</th>
                <th>Amount</th>
                <th className="invoices-table__optional">Status</th>
                <th>
                  <span className="visually-hidden">PDF</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td>
                    {new Date(invoice.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}
                  </td>
                  <td className="invoices-table__optional">{invoice.number ?? '—'}</td>
                  <td>{money(invoice.amountDue, invoice.currency)}</td>
                  <td className="invoices-table__optional">{invoice.status ?? '—'}</td>
                  <td className="table__actions">
                    {invoice.hasPdf && (
                      <Button
                        size="sm"
                        variant="ghost"
                        icon={<DownloadIcon />}
                        loading={downloading === invoice.id}
                        aria-label={`Download invoice ${invoice.number ?? invoice.id} as PDF`}
                        onClick={() => void download(invoice)}
                      >
                        PDF
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
