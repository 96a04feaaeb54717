import { useNavigate } from 'react-router';
import { SimpleLayout } from '@/components/layouts/simple-layout';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';

export function NotFoundRoute() {
  const navigate = useNavigate();
  return (
    <SimpleLayout>
      <title>{pageTitle('Page Not Found')}</title>
      <div className="text-center">
        <p className="text-6xl font-extrabold text-brand-700">404</p>
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Oops! Page Not Found</h1>
        <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button variant="secondary" onClick={() => navigate(-1)}>
            Go Back
          </Button>
          <Button onClick={() => navigate(paths.home.getHref())}>Home</Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Refresh
          </Button>
        </div>
      </div>
    </SimpleLayout>
  );
}
