import { Paths } from '@store/contracts';
import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Logo } from '@/components/ui/logo.tsx';
import { paths } from '@/config/paths.ts';
import { logout, useAuth } from '@/lib/auth.ts';
import { openCartPanel, useCartCount } from '@/lib/cart-count.ts';
import { supportMailto } from '@/lib/support.ts';
import { useIsHydrated } from '@/lib/use-hydrated.ts';
import { useDropdown } from './use-dropdown.ts';
import './top-nav.css';

const HOW_IT_WORKS_HREF = `/#${Paths.howItWorksAnchor}`;

function linkClass({ isActive }: { isActive: boolean }) {
  return isActive ? 'top-nav__link is-active' : 'top-nav__link';
}

/** The top navigation bar (docs/product.md#screens): the visitor menu, or the member menu once signed in. */
export function TopNav() {
  const { status, info } = useAuth();
  const { pathname } = useLocation();
  const isAdmin = info?.identity.permissions.includes('admin') ?? false;
  // The back office has its own header: the operator's work, not the store's Shop and cart.
  const isBackOffice = isAdmin && /^\/admin(\/|$)/.test(pathname);
  return (
    <header className={isBackOffice ? 'top-nav top-nav--back-office' : 'top-nav'}>
      <div className="top-nav__inner">
        <Link
          to={isBackOffice ? paths.admin() : paths.home()}
          className="top-nav__logo"
          // In the back office the visible words name the link, so what is read matches what is seen.
          aria-label={isBackOffice ? undefined : 'Sample First home'}
        >
          <Logo />
          {isBackOffice ? (
            <>
              {' '}
              <span className="top-nav__back-office-label">Back office</span>
            </>
          ) : null}
        </Link>
        {status === 'signed-out' ? (
          <VisitorMenu />
        ) : isBackOffice ? (
          <BackOfficeMenu email={info?.identity.emailAddress} />
        ) : (
          <MemberMenu
            email={info?.identity.emailAddress}
            isAdmin={info?.identity.permissions.includes('admin') ?? false}
          />
        )}
      </div>
    </header>
  );
}

function useQuizAndAnchorState() {
  const location = useLocation();
  // A URL's fragment never reaches the server, so the home page is built without one: the hash is
  // read once the page has hydrated, else the hydrating render would differ from the HTML and React
  // would keep the built attributes (docs/decisions/014-prerendered-public-pages.md#member-state).
  const isHydrated = useIsHydrated();
  return {
    isQuiz: location.pathname.startsWith('/take-quiz'),
    isHowItWorks: isHydrated && location.pathname === '/' && location.hash === `#${Paths.howItWorksAnchor}`,
  };
}

/** Signed out: Get Started, How It Works, Log In; on small screens a burger holds the first two. */
function VisitorMenu() {
  const { isQuiz, isHowItWorks } = useQuizAndAnchorState();
  const dropdown = useDropdown();
  const loginButton = (
    <NavLink to={paths.login()} className="top-nav__login-button top-nav__narrow-only">
      LOG IN
    </NavLink>
  );
  return (
    <nav className="top-nav__actions" aria-label="Main">
      <ul className="top-nav__links top-nav__wide-only">
        <li>
          <Link
            to={Paths.quizStart}
            className={linkClass({ isActive: isQuiz })}
            aria-current={isQuiz ? 'page' : undefined}
          >
            Get Started
          </Link>
        </li>
        <li>
          <Link
            to={HOW_IT_WORKS_HREF}
            className={linkClass({ isActive: isHowItWorks })}
            aria-current={isHowItWorks ? 'location' : undefined}
          >
            How It Works
          </Link>
        </li>
        <li>
          <NavLink to={paths.login()} className={linkClass}>
            Log In
          </NavLink>
        </li>
      </ul>
      {loginButton}
      <div className="top-nav__burger-wrap top-nav__narrow-only" ref={dropdown.rootRef}>
        <button
          ref={dropdown.toggleRef}
          type="button"
          className="top-nav__icon-button"
          aria-expanded={dropdown.isOpen}
          aria-controls="visitor-menu"
          aria-label="Menu"
          onClick={dropdown.toggle}
        >
          <BurgerIcon isOpen={dropdown.isOpen} />
        </button>
        <ul id="visitor-menu" className="top-nav__dropdown top-nav__dropdown--full" hidden={!dropdown.isOpen}>
          <li>
            <Link
              to={Paths.quizStart}
              className="top-nav__dropdown-link"
              aria-current={isQuiz ? 'page' : undefined}
            >
              Get Started
            </Link>
          </li>
          <li>
            <Link
              to={HOW_IT_WORKS_HREF}
              className="top-nav__dropdown-link"
              aria-current={isHowItWorks ? 'location' : undefined}
              onClick={dropdown.close}
            >
              How It Works
            </Link>
          </li>
        </ul>
      </div>
    </nav>
  );
}

interface MemberMenuProps {
  email: string | undefined;
  isAdmin: boolean;
}

/** Signed in: Account, Shop, the cart, and a secondary menu (docs/product.md#shop-and-cart, docs/product.md#member-area). */
function MemberMenu({ email, isAdmin }: MemberMenuProps) {
  const dropdown = useDropdown();
  const [isLoggingOut, setLoggingOut] = useState(false);
  return (
    <nav className="top-nav__actions" aria-label="Main">
      <ul className="top-nav__links">
        <li className="top-nav__wide-only">
          <NavLink to={paths.profile()} className={linkClass}>
            Account
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.shop()} className={linkClass}>
            Shop
          </NavLink>
        </li>
      </ul>
      <CartButton />
      <div className="top-nav__menu-wrap" ref={dropdown.rootRef}>
        <button
          ref={dropdown.toggleRef}
          type="button"
          className="top-nav__icon-button"
          aria-expanded={dropdown.isOpen}
          aria-controls="account-menu"
          aria-label="Account menu"
          onClick={dropdown.toggle}
        >
          <UserIcon />
        </button>
        <div
          id="account-menu"
          className="top-nav__dropdown top-nav__dropdown--right"
          hidden={!dropdown.isOpen}
        >
          {email ? (
            <p className="top-nav__signed-in">
              Signed in as <strong>{email}</strong>
            </p>
          ) : null}
          <ul>
            <li>
              <NavLink to={paths.profile()} className="top-nav__dropdown-link">
                Profile
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.membership()} className="top-nav__dropdown-link">
                Membership
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.billing()} className="top-nav__dropdown-link">
                Billing
              </NavLink>
            </li>
            {isAdmin ? (
              <li>
                <NavLink to={paths.admin()} className="top-nav__dropdown-link">
                  Back office
                </NavLink>
              </li>
            ) : null}
            <li>
              <a href={supportMailto('Help with my account')} className="top-nav__dropdown-link">
                Contact support
              </a>
            </li>
            <li className="top-nav__dropdown-separator">
              <button
                type="button"
                className="top-nav__dropdown-link"
                disabled={isLoggingOut}
                onClick={() => {
                  setLoggingOut(true);
                  void logout();
                }}
              >
                {isLoggingOut ? 'Logging out…' : 'Log out'}
              </button>
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}

/** The operator's header in /admin: the store and logging out; no Shop, no cart. */
function BackOfficeMenu({ email }: { email: string | undefined }) {
  const [isLoggingOut, setLoggingOut] = useState(false);
  return (
    <nav className="top-nav__actions" aria-label="Operator">
      <ul className="top-nav__links">
        <li className="top-nav__wide-only">
          {email ? <span className="top-nav__operator">{email}</span> : null}
        </li>
        <li>
          <Link to={paths.home()} className="top-nav__link">
            View store
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="top-nav__link top-nav__link-button"
            disabled={isLoggingOut}
            onClick={() => {
              setLoggingOut(true);
              void logout();
            }}
          >
            {isLoggingOut ? 'Logging out…' : 'Log out'}
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** The cart icon with its count (shown only above 0); it opens the cart panel when one exists. */
function CartButton() {
  const count = useCartCount();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="top-nav__icon-button top-nav__cart"
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
      onClick={() => {
        if (!openCartPanel()) navigate(paths.cartCheckout());
      }}
    >
      <CartIcon />
      {count > 0 ? (
        <span className="top-nav__badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </button>
  );
}

function BurgerIcon({ isOpen }: { isOpen: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {isOpen ? (
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      )}
    </svg>
  );
}

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.4a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="19.5" r="1.6" fill="currentColor" />
      <circle cx="17" cy="19.5" r="1.6" fill="currentColor" />
    </svg>
  );
}

function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8.5" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M4.5 20a7.5 7.5 0 0 1 15 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
