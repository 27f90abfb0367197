import { AppStatusBanners } from '../features/app-status/components/app-status-banners';
import { WithSplash } from './layout/splash-screen';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      <AppStatusBanners />
      <WithSplash>
        <AppRoutes />
      </WithSplash>
    </AppProviders>
  );
}
