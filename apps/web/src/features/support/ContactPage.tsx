import { readablePhone } from '@bank/contract';
import { useQuery } from '@tanstack/react-query';
import { LifeBuoy, Mail, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import { cardClass } from '../../components/ui/card';
import { PageHeading } from '../../components/ui/PageHeading';
import { LoadFailed, Loading } from '../../components/ui/QueryStatus';
import { queries } from '../../lib/queries';

function ContactRow({
  icon: Icon,
  label,
  value,
  href,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  href: string;
}) {
  return (
    <li>
      <a
        href={href}
        className="flex min-h-16 items-center gap-4 rounded-xl p-3 ring-1 ring-slate-200 hover:ring-brand-600 dark:ring-slate-800"
        {...(href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        <span className="rounded-full bg-brand-50 p-3 text-brand-700 dark:bg-slate-800 dark:text-brand-50">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <span className="min-w-0">
          <span className="block font-semibold">{label}</span>
          <span className="block break-all text-slate-700 dark:text-slate-300">{value}</span>
        </span>
      </a>
    </li>
  );
}

/** Help & Support (spec: contact): WhatsApp, email and phone, each only when the bank offers it. */
export function ContactPage() {
  const contacts = useQuery(queries.supportContacts());
  let body;
  if (contacts.data) {
    const { whatsapp, email, phone } = contacts.data;
    body =
      whatsapp || email || phone ? (
        <ul className="flex flex-col gap-3">
          {whatsapp && (
            <ContactRow
              icon={MessageCircle}
              label="Chat with us on WhatsApp"
              value={readablePhone(whatsapp)}
              href={`https://wa.me/${whatsapp.replace(/\D/g, '')}`}
            />
          )}
          {email && (
            <ContactRow icon={Mail} label="Email us" value={email} href={`mailto:${email}`} />
          )}
          {phone && (
            <ContactRow
              icon={Phone}
              label="Call us"
              value={readablePhone(phone)}
              href={`tel:${phone}`}
            />
          )}
        </ul>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">
          Our support contacts are being set up. Meanwhile, your Notifications hold every message
          from us.
        </p>
      );
  } else if (contacts.isError) {
    body = (
      <LoadFailed
        error={contacts.error}
        retrying={contacts.isFetching}
        onRetry={() => void contacts.refetch()}
      />
    );
  } else {
    body = <Loading label="Loading our contacts…" />;
  }
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeading title="Help & Support" />
      <section className={cardClass} aria-label="How to reach us">
        <div className="mb-4 flex items-start gap-3">
          <LifeBuoy aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" />
          <p className="text-slate-700 dark:text-slate-300">
            We are here to help. We will never ask for your password, PIN or a code.
          </p>
        </div>
        {body}
      </section>
    </div>
  );
}
