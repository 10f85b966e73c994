// Runs before the app: puts the saved theme class on <html> so a dark-theme user never sees a light flash.
// And, as scroll-on-load.ts asks, a refresh or a typed address opens at the top: index.html's painted shell
// makes the page tall enough for the browser to restore the old position itself, so it is told not to
// (Back and Forward are left to restore one).
/* global document, history */
(function () {
  var navigation = performance.getEntriesByType("navigation")[0];
  if (!navigation || navigation.type !== "back_forward") history.scrollRestoration = "manual";
  try {
    var theme = localStorage.getItem("tradeshop.theme");
    if (theme === "dark-theme" || theme === "light-theme") {
      document.documentElement.classList.remove("light-theme", "dark-theme");
      document.documentElement.classList.add(theme);
    }
  } catch {
    // Storage blocked: keep the default light theme.
  }
})();
