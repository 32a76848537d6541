import { useLayoutEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { browserLanguage, setLanguage, useTexts } from '../api/i18n.ts';
import { Brand } from '../components/Brand.tsx';
import { appTexts } from './texts.ts';

/** Spec 000 §9: video breakpoint 1080 px. */
export const VIDEO_BREAKPOINT = 1080;

/** The clip for a window width: 1080p from the breakpoint up, else 720p (spec 000 §2 Login). */
export function backgroundVideoFor(width: number): string {
  return width >= VIDEO_BREAKPOINT ? '/video/sea-1080p.webm' : '/video/sea-720p.webm';
}

/**
 * The auth area (sign-in, setup, password pages, the report link page): nobody is signed in, so the interface
 * speaks the browser's language (a language every screen has: api/i18n.ts). Set before the first paint; after
 * sign-in the signed-in layouts follow the user's choice (session-effects.ts).
 */
export function BrowserLanguage() {
  useLayoutEffect(() => {
    setLanguage(browserLanguage());
  }, []);
  return <Outlet />;
}

/**
 * Sign-in, forgot and update password pages over a looping sea video, with a spinner until the
 * video can play. The clip is chosen once per visit so a resize does not restart it.
 */
export function AuthLayout() {
  const [src] = useState(() => backgroundVideoFor(window.innerWidth));
  const [ready, setReady] = useState(false);
  const t = useTexts(appTexts);
  return (
    <main className="backdrop">
      <video
        className="backdrop-video"
        src={src}
        autoPlay
        muted
        loop
        playsInline
        data-ready={ready}
        onCanPlay={() => setReady(true)}
        onPlaying={() => setReady(true)}
      />
      {!ready && (
        <div className="backdrop-spinner" role="status" aria-label={t('loadingVideo')}>
          <span className="spinner spinner-light" aria-hidden="true" />
        </div>
      )}
      <div className="backdrop-content">
        <Brand light />
        <Outlet />
      </div>
    </main>
  );
}
