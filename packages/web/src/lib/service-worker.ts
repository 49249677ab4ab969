/** Registers the service worker at the site root once the page has loaded (spec-1 §2). */
export function registerServiceWorker(url = '/sw.js') {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(url, { scope: '/' }).catch((err: unknown) => {
      console.error('Service worker registration failed', err);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
