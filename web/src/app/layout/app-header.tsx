import clsx from 'clsx';
import { Gavel, LayoutDashboard, LogOut, Shield, Users, type LucideIcon } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { LiveIndicator } from '../../features/live/live-indicator.js';
import { useLogoutMutation } from '../../shared/api/auth.api.js';
import { selectCurrentUser, selectIsAdmin, signedOut } from '../auth-slice.js';
import { useAppDispatch, useAppSelector } from '../hooks.js';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/draft', label: 'Draft', icon: Gavel },
  { to: '/teams', label: 'Teams', icon: Users },
  { to: '/admin', label: 'Admin', icon: Shield, adminOnly: true },
];

export const BRAND_NAME = 'Fantasy Auction Draft';

export function AppHeader() {
  const user = useAppSelector(selectCurrentUser);
  const isAdmin = useAppSelector(selectIsAdmin);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();

  const onLogout = async () => {
    try {
      await logout().unwrap();
    } catch {
      // docs/product.md §2.2 (Layout shell): a failed logout call is ignored; the user is logged out locally anyway.
    }
    dispatch(signedOut());
    toast.success('Logged out successfully');
    navigate('/login', { replace: true });
  };

  const items = NAV_ITEMS.filter((item) => !item.adminOnly || isAdmin);
  const username = user?.username ?? '';

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:gap-4 lg:px-8">
        <Link
          to="/dashboard"
          className="flex shrink-0 items-center gap-2 rounded-md font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm">
            <Gavel aria-hidden="true" className="size-5" />
          </span>
          {/* Beside the nav there is room for the brand text only on phones (own row) and from 1024 px. */}
          <span className="text-base md:sr-only lg:not-sr-only xl:text-lg">{BRAND_NAME}</span>
        </Link>

        <div className="hidden min-w-0 flex-1 md:block">
          <NavLinks items={items} />
        </div>
        <div className="flex-1 md:hidden" />

        <div className="hidden md:block">
          <LiveIndicator />
        </div>

        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <div className="flex items-center gap-2" title={`${username} (${user?.role ?? ''})`}>
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 text-sm font-semibold text-white uppercase"
            >
              {username.charAt(0)}
            </span>
            <div className="leading-tight max-lg:sr-only">
              <p className="max-w-32 truncate text-sm font-medium text-slate-900">{username}</p>
              <p className="text-xs text-slate-500 capitalize">{user?.role}</p>
            </div>
          </div>
          <button
            type="button"
            onClick={onLogout}
            disabled={loggingOut}
            title="Logout"
            className="inline-flex items-center gap-2 rounded-md px-2.5 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
          >
            <LogOut aria-hidden="true" className="size-5 xl:size-4" />
            <span className="max-xl:sr-only">Logout</span>
          </button>
        </div>
      </div>

      {/* Phones: a second row with the nav as icons and the live indicator. */}
      <div className="flex items-center justify-between gap-2 border-t border-slate-100 px-2 py-1.5 sm:px-4 md:hidden">
        <NavLinks items={items} />
        <LiveIndicator />
      </div>
    </header>
  );
}

function NavLinks({ items }: { items: NavItem[] }) {
  return (
    <nav aria-label="Main" className="flex items-center gap-1">
      {items.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          title={label}
          className={({ isActive }) =>
            clsx(
              'inline-flex items-center gap-2 rounded-md px-2.5 py-2 text-sm font-medium transition-colors md:px-3',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              isActive
                ? 'bg-indigo-50 text-indigo-700'
                : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
            )
          }
        >
          <Icon aria-hidden="true" className="size-5 md:size-4" />
          <span className="max-md:sr-only">{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
