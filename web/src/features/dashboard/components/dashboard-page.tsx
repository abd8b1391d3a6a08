import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { useMe } from '../api/get-me';

const memberSince = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso));

export function DashboardPage() {
  usePageMeta({ title: 'Dashboard', description: 'Your Options Academy dashboard.', path: '/app', noindex: true });
  const me = useMe();

  if (me.isPending) return <Spinner />;
  if (me.isError) {
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-6 text-red-900 ring-1 ring-red-200">
        <h1 className="font-semibold">We could not load your profile</h1>
        <p className="mt-1 text-sm">{me.error.message}</p>
        <button type="button" onClick={() => void me.refetch()} className="mt-3 text-sm font-semibold underline">
          Try again
        </button>
      </div>
    );
  }
  const { user, profile } = me.data;
  return (
    <div className="space-y-6">
      <section>
        <h1 className="text-2xl font-bold text-slate-900">Welcome, {user.displayName}</h1>
        <p className="mt-1 text-slate-700">Your learning space for options trading with virtual money.</p>
      </section>
      <section aria-labelledby="account-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="account-heading" className="text-lg font-semibold">
          Your account
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">Email</dt>
            <dd className="font-medium break-all" data-testid="me-email">
              {user.email || '—'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Member since</dt>
            <dd className="font-medium">{memberSince(profile.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Role</dt>
            <dd className="font-medium">{user.isAdmin ? 'Administrator' : 'Learner'}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
