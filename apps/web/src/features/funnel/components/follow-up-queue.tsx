import { type FunnelEnquiry, telLink, whatsAppLink } from '@app/domain/funnel.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCounsellors } from '@/api/get-counsellors';
import { CloseEnquiryForm } from '@/components/close-enquiry-form';
import { CounsellorCombobox } from '@/components/counsellor-combobox';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useAssignEnquiry } from '../api/assign-enquiry';
import { useLostWebsiteEnquiries } from '../api/get-enquiry';
import { useFollowUps } from '../api/get-follow-ups';
import { EnquiryDetails } from './enquiry-details';
import { FollowUpForm } from './follow-up-form';

type CardActions = {
  onFollowUp: (enquiry: FunnelEnquiry) => void;
  onLost: (enquiry: FunnelEnquiry) => void;
  onDetails: (enquiry: FunnelEnquiry) => void;
  canRegister: boolean;
  assignTo?: ((enquiry: FunnelEnquiry) => void) | undefined;
};

const statusTone: Record<FunnelEnquiry['status'], string> = {
  new: 'bg-sky-100 text-sky-900',
  contacted: 'bg-violet-100 text-violet-900',
  interested: 'bg-emerald-100 text-emerald-900',
  registered: 'bg-green-600 text-white',
  lost: 'bg-slate-200 text-slate-700',
};

function DetailsButton({ enquiry, onDetails }: Pick<CardActions, 'onDetails'> & { enquiry: FunnelEnquiry }) {
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Details: ${enquiry.studentName}`}
      onClick={() => onDetails(enquiry)}
    >
      Details
    </Button>
  );
}

function EnquiryCard({
  enquiry,
  onFollowUp,
  onLost,
  onDetails,
  canRegister,
  assignTo,
}: CardActions & { enquiry: FunnelEnquiry }) {
  const navigate = useNavigate();
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
      data-testid={`enquiry-${enquiry.id}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">{enquiry.studentName}</p>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', statusTone[enquiry.status])}>
          {enquiry.status}
        </span>
      </div>
      <p className="text-sm text-slate-600">
        {enquiry.standard} · {enquiry.source}
        {enquiry.city ? ` · ${enquiry.city}` : ''}
        {enquiry.nextFollowUpOn ? ` · next ${formatDate(enquiry.nextFollowUpOn)}` : ''}
        {enquiry.assignedName ? ` · ${enquiry.assignedName}` : ''}
      </p>
      {enquiry.message && <p className="text-sm text-slate-700">“{enquiry.message}”</p>}
      <div className="flex flex-wrap gap-2">
        <a
          href={telLink(enquiry.phone)}
          className={buttonClasses({ variant: 'primary', size: 'sm' })}
          aria-label={`Call ${enquiry.studentName}'s parent, ${enquiry.phone}`}
        >
          Call {enquiry.phone}
        </a>
        <a
          href={whatsAppLink(enquiry.phone)}
          target="_blank"
          rel="noreferrer"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          aria-label={`WhatsApp ${enquiry.studentName}'s parent`}
        >
          WhatsApp
        </a>
        {enquiry.assignedTo && (
          <Button size="sm" variant="secondary" onClick={() => onFollowUp(enquiry)}>
            Follow up
          </Button>
        )}
        <Button
          size="sm"
          variant="danger"
          aria-label={`Mark lost: ${enquiry.studentName}`}
          onClick={() => onLost(enquiry)}
        >
          Lost
        </Button>
        {canRegister && (
          <Button
            size="sm"
            variant="accent"
            aria-label={`Register this student: ${enquiry.studentName}`}
            onClick={() => void navigate(paths.dashboard.section.getHref('register'), { state: { enquiry } })}
          >
            Register
          </Button>
        )}
        {assignTo && (
          <Button size="sm" variant="secondary" onClick={() => assignTo(enquiry)}>
            Assign
          </Button>
        )}
        <DetailsButton enquiry={enquiry} onDetails={onDetails} />
      </div>
    </li>
  );
}

function Bucket({
  title,
  tone,
  items,
  empty,
  ...card
}: CardActions & {
  title: string;
  tone: string;
  items: FunnelEnquiry[];
  empty: string;
}) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-2">
      <h3 className={cn('text-sm font-semibold', tone)}>
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((enquiry) => (
            <EnquiryCard key={enquiry.id} enquiry={enquiry} {...card} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The follow-up queue (issue 26): enquiries overdue, due today and upcoming as of today in India, each
 * with one tap to call or WhatsApp the parent, record the follow-up, or register the student. An admin
 * also sees the website enquiries no counsellor could take, and assigns them. `compact`: on Home, the
 * upcoming ones left out.
 */
export function FollowUpQueue({ compact = false }: { compact?: boolean }) {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const toast = useToast();
  const counsellors = useCounsellors({ enabled: isAdmin });
  const [counsellor, setCounsellor] = useState('');
  const queue = useFollowUps({ counsellor: isAdmin ? counsellor : '' });
  const [following, setFollowing] = useState<FunnelEnquiry | null>(null);
  const [losing, setLosing] = useState<FunnelEnquiry | null>(null);
  const [assigning, setAssigning] = useState<FunnelEnquiry | null>(null);
  const [assignee, setAssignee] = useState('');
  const [details, setDetails] = useState<FunnelEnquiry | null>(null);
  const lost = useLostWebsiteEnquiries({ enabled: !compact });
  const assign = useAssignEnquiry();

  if (queue.isError) return <LoadError message={messages.failedToLoadData} onRetry={() => void queue.refetch()} />;
  const data = queue.data;
  const card = {
    onFollowUp: setFollowing,
    onLost: setLosing,
    onDetails: setDetails,
    canRegister: session?.role === 'counsellor',
  };

  return (
    <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4" aria-label="Follow-ups">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Follow-ups</h2>
          <p className="text-sm text-slate-600">
            {data ? `Today ${formatDate(data.today)}. ` : ''}Tap a number to call, or open WhatsApp.
          </p>
        </div>
        {isAdmin && !compact && (
          <div className="sm:w-64">
            <CounsellorCombobox
              counsellors={counsellors.data ?? []}
              value={counsellor}
              onChange={setCounsellor}
              isLoading={counsellors.isPending}
            />
          </div>
        )}
      </div>
      {!data ? (
        <p className="text-sm text-slate-500">Loading...</p>
      ) : (
        <div className={cn('grid gap-4', compact ? 'lg:grid-cols-2' : 'lg:grid-cols-3')}>
          <Bucket title="Overdue" tone="text-red-700" items={data.overdue} empty="Nothing overdue." {...card} />
          <Bucket title="Due today" tone="text-amber-800" items={data.dueToday} empty="Nothing due today." {...card} />
          {!compact && (
            <Bucket title="Upcoming" tone="text-slate-700" items={data.upcoming} empty="Nothing planned." {...card} />
          )}
          {isAdmin && data.unassigned.length > 0 && (
            <Bucket
              title="Not assigned"
              tone="text-slate-900"
              items={data.unassigned}
              empty=""
              {...card}
              assignTo={(enquiry) => {
                setAssignee('');
                setAssigning(enquiry);
              }}
            />
          )}
        </div>
      )}
      {!compact && (lost.data?.data.length ?? 0) > 0 && (
        <section aria-label="Lost" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-700">Lost website enquiries ({lost.data?.data.length})</h3>
          <ul className="flex flex-col gap-1">
            {lost.data?.data.map((enquiry) => (
              <li
                key={enquiry.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
              >
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{enquiry.studentName}</span>
                  <span className="text-slate-600">
                    {' '}
                    · {enquiry.standard}
                    {enquiry.city ? ` · ${enquiry.city}` : ''} · {enquiry.closedReason}
                  </span>
                </span>
                <DetailsButton enquiry={enquiry} onDetails={setDetails} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <Modal isOpen={details !== null} onClose={() => setDetails(null)} title="Enquiry details">
        {details && <EnquiryDetails id={details.id} onReopened={() => setDetails(null)} />}
      </Modal>
      <Modal isOpen={following !== null} onClose={() => setFollowing(null)} title="Follow-up">
        {following && (
          <FollowUpForm enquiry={following} onSaved={() => setFollowing(null)} onCancel={() => setFollowing(null)} />
        )}
      </Modal>
      {/* Lost is the enquiry closed with a reason (decision 017); PUT /visiting/:id/reopen opens it again. */}
      <Modal isOpen={losing !== null} onClose={() => setLosing(null)} title="Mark lost">
        {losing && (
          <CloseEnquiryForm record={losing} onClosed={() => setLosing(null)} onCancel={() => setLosing(null)} />
        )}
      </Modal>
      <Modal isOpen={assigning !== null} onClose={() => setAssigning(null)} title="Assign the enquiry">
        {assigning && (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-slate-700">
              {assigning.studentName}, {assigning.city}: choose the counsellor who follows it up.
            </p>
            <CounsellorCombobox
              counsellors={counsellors.data ?? []}
              value={assignee}
              onChange={setAssignee}
              isLoading={counsellors.isPending}
            />
            <Button
              disabled={!assignee}
              isLoading={assign.isPending}
              onClick={() =>
                assign.mutate(
                  { id: assigning.id, counsellor: assignee },
                  {
                    onSuccess: (response) => {
                      toast.success(response.message);
                      setAssigning(null);
                    },
                  },
                )
              }
            >
              Assign
            </Button>
          </div>
        )}
      </Modal>
    </section>
  );
}
