import { SplashScreen } from './layout/splash-screen';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      <AppRoutes />
      <SplashScreen />
    </AppProviders>
  );
}
