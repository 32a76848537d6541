import { useState } from 'react';
import { Outlet } from 'react-router';
import { Brand } from '../components/Brand.tsx';

/** Spec 000 §9: video breakpoint 1080 px. */
export const VIDEO_BREAKPOINT = 1080;

/** The clip for a window width: 1080p from the breakpoint up, else 720p (spec 000 §2 Login). */
export function backgroundVideoFor(width: number): string {
  return width >= VIDEO_BREAKPOINT ? '/video/sea-1080p.webm' : '/video/sea-720p.webm';
}

/**
 * Sign-in, forgot and update password pages over a looping sea video, with a spinner until the
 * video can play. The clip is chosen once per visit so a resize does not restart it.
 */
export function AuthLayout() {
  const [src] = useState(() => backgroundVideoFor(window.innerWidth));
  const [ready, setReady] = useState(false);
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
        <div className="backdrop-spinner" role="status" aria-label="Loading background video">
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
