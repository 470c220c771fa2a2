// Area 'content' of the console (see src/areas.ts): site settings and maintenance, sliders, promotions, home popups,
// marquee, logos, social links and the casino catalogue. Roles: content (and admin); the API refuses the others.
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Tabs } from '@khela/web';
import { Screen } from '../../ui/layout';
import { GamesTab, ProvidersTab } from './Catalogue';
import { popups, promotions, marquee, sliders, socialLinks } from './resources';
import { ResourceTab } from './ResourceTab';
import { LogoTab, SettingsTab } from './Settings';

const TABS = [
  { key: 'settings', label: 'Settings' },
  { key: 'sliders', label: 'Sliders' },
  { key: 'promotions', label: 'Promotions' },
  { key: 'popups', label: 'Home popups' },
  { key: 'marquee', label: 'Marquee' },
  { key: 'logos', label: 'Logos' },
  { key: 'social', label: 'Social links' },
  { key: 'games', label: 'Games' },
  { key: 'providers', label: 'Providers' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export default function Area() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = (TABS.find((t) => pathname.split('/')[2] === t.key)?.key ?? 'settings') as TabKey;
  return (
    <Screen>
      <h1>Content</h1>
      <Tabs label="Content sections" tabs={[...TABS]} value={current} onChange={(k) => navigate(`/content/${k}`)} />
      <Routes>
        <Route index element={<Navigate to="settings" replace />} />
        <Route path="settings" element={<SettingsTab />} />
        <Route path="sliders" element={<ResourceTab key="sliders" config={sliders} />} />
        <Route path="promotions" element={<ResourceTab key="promotions" config={promotions} />} />
        <Route path="popups" element={<ResourceTab key="popups" config={popups} />} />
        <Route path="marquee" element={<ResourceTab key="marquee" config={marquee} />} />
        <Route path="logos" element={<LogoTab />} />
        <Route path="social" element={<ResourceTab key="social" config={socialLinks} />} />
        <Route path="games" element={<GamesTab />} />
        <Route path="providers" element={<ProvidersTab />} />
        <Route path="*" element={<Navigate to="settings" replace />} />
      </Routes>
    </Screen>
  );
}
