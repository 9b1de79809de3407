import { PageTitle } from '@/components/ui/page-title.tsx';
import { Mailbox } from '@/features/dev-mailbox/components/mailbox.tsx';

/** /dev/mailbox: development only; the API answers 404 in production. */
export default function DevMailboxRoute() {
  return (
    <>
      <PageTitle title="Dev mailbox" />
      <Mailbox />
    </>
  );
}
