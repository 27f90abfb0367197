import { BrandMark } from '../../../components/brand-mark';
import { businessContactEmail, businessName, businessPhone } from '../../../lib/business-name';
import { usePageTitle } from '../../../lib/page-title';
import { LoginForm } from './login-form';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** 'contact us': a mailto link when the office's address is configured (BUSINESS_CONTACT_EMAIL), else plain words. */
function ContactUs() {
  if (!businessContactEmail) return <>contact us</>;
  return (
    <a className={linkClass} href={`mailto:${businessContactEmail}`}>
      contact us
    </a>
  );
}

/** Spec 2, login screen: branded header, the form and the help text (no self-registration, no self-service reset). */
export function LoginPage() {
  usePageTitle('Sign In');
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header
        className="bg-brand-600 bg-cover bg-center px-4 pb-28 pt-12 text-center text-white sm:pt-16"
        style={{ backgroundImage: 'url(/splash-background.svg)' }}
      >
        <BrandMark className="size-14 rounded-xl bg-white text-3xl text-brand-600 shadow-lg" />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight drop-shadow-sm sm:text-4xl">{businessName}</h1>
        <p className="mt-2 text-sm font-semibold uppercase tracking-[0.2em] text-white/90">Parent Booking Portal</p>
      </header>

      <main className="-mt-20 flex flex-1 justify-center px-4 pb-12">
        <div className="w-full max-w-md">
          <section aria-labelledby="sign-in-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8">
            <h2 id="sign-in-heading" className="text-xl font-semibold tracking-tight text-slate-900">
              Sign in to your account
            </h2>
            <p className="mt-1 text-sm text-slate-600">Book and manage training sessions for your children.</p>
            <div className="mt-6">
              <LoginForm />
            </div>
          </section>

          <div className="mt-6 space-y-2 text-center text-sm text-slate-600">
            <p>
              Forgot your password? Please <ContactUs /> for assistance.
              {businessPhone && (
                <>
                  {' '}
                  Call{' '}
                  <a className={linkClass} href={`tel:${businessPhone.replace(/[^+0-9]/g, '')}`}>
                    {businessPhone}
                  </a>
                  .
                </>
              )}
            </p>
            <p>{`New to ${businessName}? Contact our office to set up your account.`}</p>
          </div>
        </div>
      </main>
    </div>
  );
}
