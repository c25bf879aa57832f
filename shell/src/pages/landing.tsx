import { Button, Card, CardDescription, CardHeader, CardTitle } from '@app/ui';
import { signInPath } from '@app/web-data';
import { BarChart3Icon, CreditCardIcon, GaugeIcon, LinkIcon, ShieldIcon, UsersIcon } from 'lucide-react';
import { Link } from '@app/routing';
import { Footer } from '../layout/footer.js';
import { SiteHeader } from '../layout/site-header.js';

/** SPEC.md §1's marketing claims, one card each. */
const features = [
  {
    icon: BarChart3Icon,
    title: 'Advanced Analytics',
    text: 'Real-time insights and custom reports across every product you run.',
  },
  {
    icon: LinkIcon,
    title: 'Bank Connectivity',
    text: 'Connect to 500+ institutions with automatic transaction categorisation.',
  },
  {
    icon: ShieldIcon,
    title: 'Enterprise Security',
    text: 'KYC compliance, identity verification, account validation and risk scoring.',
  },
  {
    icon: UsersIcon,
    title: 'Multi-Tenant Management',
    text: 'Onboarding, subscriptions and role-based access for every organisation.',
  },
  { icon: GaugeIcon, title: 'Usage Tracking', text: 'See every API call your tenants make, day by day.' },
  {
    icon: CreditCardIcon,
    title: 'Automated Billing',
    text: 'Invoicing and card payments handled for you, every month.',
  },
] as const;

/** SPEC.md §1's marketing figures. */
const stats = [
  { value: '500+', label: 'Connected Banks' },
  { value: '99.9%', label: 'Uptime SLA' },
  { value: '10M+', label: 'API Calls per Month' },
  { value: '24/7', label: 'Support' },
] as const;

/** The landing page (SPEC.md §2): visitors get the visitor bar, signed-in users the navigation bar. */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main className="flex-1">
        <section className="bg-gradient-to-b from-primary/10 to-background">
          <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6 sm:py-28">
            <h1 className="text-4xl font-bold tracking-tight text-foreground sm:text-6xl">
              Multi-Tenant SaaS Management
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
              Analytics, bank connectivity, identity verification and risk scoring, sold as monthly
              subscriptions and managed for every tenant from one platform.
            </p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to="/catalog">Explore Products</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <a href={signInPath}>Start Free Trial</a>
              </Button>
            </div>
          </div>
        </section>

        <section aria-labelledby="why-choose" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
          <h2 id="why-choose" className="text-center text-3xl font-bold text-foreground">
            Why Choose Our Platform
          </h2>
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map(({ icon: Icon, title, text }) => (
              <Card key={title}>
                <CardHeader>
                  <span className="mb-2 flex size-10 items-center justify-center rounded-md bg-primary/10 text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle>{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            ))}
          </div>
        </section>

        <section aria-label="Platform figures" className="bg-primary text-primary-foreground">
          <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-14 text-center sm:px-6 lg:grid-cols-4">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse gap-1">
                <dt className="text-sm opacity-90">{stat.label}</dt>
                <dd className="text-3xl font-bold">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
          <h2 className="text-3xl font-bold text-foreground">Ready to Scale Your SaaS Platform?</h2>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <a href={signInPath}>Get Started Today</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/catalog">View Products</Link>
            </Button>
          </div>
        </section>
      </main>
      <Footer />
    </div>
  );
}
