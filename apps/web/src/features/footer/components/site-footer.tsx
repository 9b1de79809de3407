import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo.tsx';
import { paths } from '@/config/paths.ts';
import { ContactForm } from './contact-form.tsx';
import './site-footer.css';

const SOCIAL_LINKS = [
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/samplefirstprotein/',
    icon: (
      <path
        d="M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0zM12 3.6c2.7 0 3 0 4.1.1 2.8.1 4.1 1.4 4.2 4.2.1 1.1.1 1.4.1 4.1s0 3-.1 4.1c-.1 2.8-1.4 4.1-4.2 4.2-1.1.1-1.4.1-4.1.1s-3 0-4.1-.1c-2.8-.1-4.1-1.4-4.2-4.2-.1-1.1-.1-1.4-.1-4.1s0-3 .1-4.1C3.8 5.1 5.1 3.8 7.9 3.7c1.1-.1 1.4-.1 4.1-.1zM12 2c-2.7 0-3.1 0-4.2.1C4 2.2 2.2 4 2.1 7.8 2 8.9 2 9.3 2 12s0 3.1.1 4.2c.1 3.8 1.9 5.6 5.7 5.7 1.1.1 1.5.1 4.2.1s3.1 0 4.2-.1c3.8-.1 5.6-1.9 5.7-5.7.1-1.1.1-1.5.1-4.2s0-3.1-.1-4.2C21.8 4 20 2.2 16.2 2.1 15.1 2 14.7 2 12 2z"
        fill="currentColor"
      />
    ),
  },
  {
    name: 'TikTok',
    href: 'https://www.tiktok.com/@samplefirstprotein',
    icon: (
      <path
        d="M16.6 2h-3.3v13.2a2.9 2.9 0 1 1-2.1-2.8V9a6.2 6.2 0 1 0 5.4 6.2V8.6a7.6 7.6 0 0 0 4.4 1.4V6.7a4.4 4.4 0 0 1-4.4-4.7z"
        fill="currentColor"
      />
    ),
  },
] as const;

/** The public footer (docs/product.md#public-pages): company links, social links and the Get in touch form. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p className="site-footer__tagline">
            Protein powder samples matched to how you train. Try first, then buy the tub you love.
          </p>
          <ul className="site-footer__social" aria-label="Follow us">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="site-footer__social-link"
                >
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                    {link.icon}
                  </svg>
                  <span className="visually-hidden">Sample First on {link.name} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="site-footer__nav" aria-labelledby="company">
          {/* "Company" is an anchor target only (docs/product.md#public-pages), not a link. */}
          <h2 id="company" className="site-footer__heading">
            Company
          </h2>
          <ul>
            <li>
              <Link to={paths.learnMore()}>Tub Plans</Link>
            </li>
            <li>
              <Link to={paths.influencer()}>Partner Request</Link>
            </li>
            <li>
              <Link to={paths.privacyPolicy()}>Privacy Policy</Link>
            </li>
          </ul>
        </nav>
        <ContactForm />
      </div>
      {/* The prerendered year may be last year's until the page hydrates. */}
      <p className="site-footer__legal" suppressHydrationWarning>
        © {new Date().getFullYear()} Sample First. Shipping in the U.S. only. Boxes are non-returnable.
      </p>
    </footer>
  );
}
