import { useSeo } from '@/lib/use-seo.ts';
import { POLICY_SECTIONS } from './policy-sections.tsx';
import './privacy-policy-page.css';

export const POLICY_LAST_UPDATED = 'April 3rd, 2025';

/** The privacy policy (docs/product.md#public-pages): 15 numbered sections with a table of contents. */
export function PrivacyPolicyPage() {
  useSeo({
    title: 'Privacy Policy',
    description:
      'How Sample First collects, uses and protects your personal information, and the choices and rights you have.',
    keywords: ['privacy policy', 'Sample First', 'personal information', 'CCPA'],
    canonical: '/privacy-policy',
  });
  return (
    <main className="privacy">
      <header className="privacy__header">
        <h1 className="privacy__title">Privacy Policy</h1>
        <p className="privacy__updated">Last updated {POLICY_LAST_UPDATED}</p>
      </header>
      <div className="privacy__layout">
        <nav className="privacy__toc" aria-labelledby="privacy-toc-title">
          <h2 id="privacy-toc-title" className="privacy__toc-title">
            Contents
          </h2>
          <ol>
            {POLICY_SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="privacy__body">
          {POLICY_SECTIONS.map((section, i) => (
            <section
              key={section.id}
              id={section.id}
              className="privacy__section"
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`}>
                {i + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </main>
  );
}
