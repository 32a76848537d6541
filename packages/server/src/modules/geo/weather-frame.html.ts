/**
 * The isolated weather page (research wave2 §8): loaded in a sandboxed iframe, it loads the provider's own old
 * Leaflet and boot script, which the parent names in an 'init' message together with the key, and reports 'ready'
 * or 'error' back. Options messages from the parent's panel are applied to the provider's store.
 */
export const WEATHER_FRAME_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Weather map</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>html,body,#windy{margin:0;padding:0;width:100%;height:100%;font-family:sans-serif}</style>
</head><body><div id="windy"></div>
<script>
(function () {
  var api = null;
  function tell(msg) { parent.postMessage(Object.assign({ source: 'fleet-weather' }, msg), '*'); }
  function load(src) {
    return new Promise(function (ok, fail) {
      var s = document.createElement('script');
      s.src = src; s.async = false;
      s.onload = ok; s.onerror = function () { fail(new Error('could not load ' + src)); };
      document.head.appendChild(s);
    });
  }
  function apply(o) {
    if (!api || !o) return;
    var store = api.store;
    try {
      if (o.numDirection !== undefined) store.set('numDirection', !!o.numDirection);
      if (o.graticule !== undefined) store.set('graticule', !!o.graticule);
      if (o.latlon !== undefined) store.set('latlon', !!o.latlon);
      if (o.particlesAnim !== undefined) store.set('particlesAnim', o.particlesAnim);
      if (o.isolines !== undefined) store.set('isolines', o.isolines);
      if (o.windUnit !== undefined && window.W && W.metrics && W.metrics.wind) W.metrics.wind.setMetric(o.windUnit);
    } catch (e) { tell({ type: 'warn', message: String(e && e.message || e) }); }
  }
  window.addEventListener('message', function (e) {
    var m = e.data || {};
    if (m.type === 'init') {
      var timer = setTimeout(function () { tell({ type: 'error', message: 'The weather provider did not answer in time.' }); }, 20000);
      load(m.leafletUrl).then(function () { return load(m.scriptUrl); }).then(function () {
        if (typeof windyInit !== 'function') throw new Error('the provider script did not define windyInit');
        windyInit({ key: m.key, lat: m.lat, lon: m.lon, zoom: m.zoom, verbose: false }, function (a) {
          clearTimeout(timer);
          api = a;
          a.map.on('click', function (ev) { a.picker.open({ lat: ev.latlng.lat, lon: ev.latlng.lng }); });
          apply(m.options);
          tell({ type: 'ready' });
        });
      }).catch(function (err) { clearTimeout(timer); tell({ type: 'error', message: String(err && err.message || err) }); });
    } else if (m.type === 'options') apply(m.options);
  });
  tell({ type: 'loaded' });
})();
</script></body></html>`;
