// Runs before the first paint (a plain script: the CSP forbids inline ones). Applies the
// stored theme, language and text direction so the page does not flash light or ltr.
// Keep in step with src/theme/theme.ts and src/i18n/locales.ts.
(function () {
  var root = document.documentElement;
  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  var theme = read('theme');
  var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) root.classList.add('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';

  var locale = read('locale');
  if (!locale) {
    try {
      var college = JSON.parse(read('college') || 'null');
      if (college && typeof college.language === 'string') locale = college.language;
    } catch {
      locale = null;
    }
  }
  if (locale) {
    var language = locale.split(/[-_]/)[0].toLowerCase();
    var rtl = ['ar', 'arc', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'ur', 'yi'];
    root.lang = locale;
    root.dir = rtl.indexOf(language) >= 0 ? 'rtl' : 'ltr';
  }
})();

// Paints the last News list (src/startup/newsPreview.ts writes it; src/startup/bootPreview.ts
// removes it when the app's real list is on screen) beside #root, so an offline cold start
// shows the posts before the app's code has run. Only for the signed-in user it was made
// for, on the path it was made for; built with createElement and textContent only.
(function () {
  var snapshot;
  var doc = document;
  try {
    snapshot = JSON.parse(localStorage.getItem('newsPreview') || 'null');
    var user = JSON.parse(localStorage.getItem('user') || 'null');
    var token = localStorage.getItem('token') || (/(?:^|;\s*)token=[^;]/.test(doc.cookie) ? 'cookie' : '');
    if (!snapshot || snapshot.v !== 2 || !token || !user || user.id !== snapshot.user) return;
    if (location.pathname !== snapshot.path || location.search) return;
    if (snapshot.lang !== doc.documentElement.lang || !Array.isArray(snapshot.cards)) return;
  } catch {
    return;
  }
  var svgNs = 'http://www.w3.org/2000/svg';
  var iconTags = ['path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse'];
  var iconAttributes = ['d', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'width', 'height', 'points'];

  function str(value) {
    return typeof value === 'string' ? value : '';
  }
  function appHref(value) {
    return /^\/(?!\/)[\w\-/.%]*$/.test(str(value)) ? value : '/';
  }
  function el(tag, className, parent, content) {
    var node = doc.createElement(tag);
    if (className) node.className = className;
    if (content) node.textContent = content;
    if (parent) parent.appendChild(node);
    return node;
  }
  function link(className, item, parent) {
    var node = el('a', className + (item && item.active ? ' active' : ''), parent);
    node.href = appHref(item && item.href);
    return node;
  }
  function cls(value) {
    return /^[\w\s-]*$/.test(str(value)) ? value : '';
  }
  function icon(shapes, size, parent, className) {
    var svg = doc.createElementNS(svgNs, 'svg');
    var attributes = {
      width: size,
      height: size,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '2',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'aria-hidden': 'true',
      class: cls(className) || 'icon',
    };
    for (var name in attributes) svg.setAttribute(name, attributes[name]);
    (Array.isArray(shapes) ? shapes : []).forEach(function (shape) {
      if (!Array.isArray(shape) || iconTags.indexOf(shape[0]) < 0 || !shape[1]) return;
      var child = doc.createElementNS(svgNs, shape[0]);
      iconAttributes.forEach(function (attribute) {
        if (typeof shape[1][attribute] === 'string') child.setAttribute(attribute, shape[1][attribute]);
      });
      svg.appendChild(child);
    });
    parent.appendChild(svg);
  }

  function build() {
    var root = doc.getElementById('root');
    if (!root || doc.getElementById('boot-preview')) return;
    var shell = el('div', 'app-shell');
    shell.id = 'boot-preview';
    shell.setAttribute('data-path', snapshot.path);
    shell.setAttribute('aria-busy', 'true');

    // The college's colours, as src/tenant/branding.ts sets them (plain values only).
    var brandColours = snapshot.brand || {};
    for (var property in brandColours) {
      var colour = str(brandColours[property]);
      if (/^--[\w-]+$/.test(property) && /^[#\w\s(),.%+-]*$/.test(colour) && !/url/i.test(colour)) doc.documentElement.style.setProperty(property, colour);
    }
    var college = snapshot.college || {};
    function brand(parent) {
      var a = link('brand', { href: '/app' }, parent);
      var logo = str(college.logo);
      if (/^\/(?!\/)/.test(logo) || logo.indexOf('data:image/') === 0) {
        var img = el('img', 'brand-logo', a);
        img.alt = '';
        img.width = 36;
        img.height = 36;
        img.src = logo;
      }
      el('span', 'brand-name brand-name-long', a, str(college.name)).dir = 'auto';
      el('span', 'brand-name brand-name-short', a, str(college.short)).dir = 'auto';
    }
    function entry(className, item, parent) {
      var a = link(className, item, parent);
      icon(item.icon, '20', a);
      el('span', 'nav-label', a, str(item.label));
    }
    // As src/app/AppNavigation.tsx draws it: every entry in the side bar (wide screens), the
    // first four and "More" in the tab bar when there are more than five.
    var nav = Array.isArray(snapshot.nav) ? snapshot.nav : [];
    var sidebar = el('div', 'sidebar', shell);
    brand(sidebar);
    var sidebarNav = el('nav', 'sidebar-nav', sidebar);
    nav.forEach(function (item) {
      entry('sidebar-link', item, sidebarNav);
    });
    var column = el('div', 'app-column', shell);
    var topbar = el('header', 'topbar', column);
    brand(topbar);

    var actions = el('div', 'topbar-actions', topbar);
    (Array.isArray(snapshot.actions) ? snapshot.actions : []).forEach(function (action) {
      var button = el('button', cls(action.cls), actions);
      button.type = 'button';
      button.tabIndex = -1;
      (Array.isArray(action.parts) ? action.parts : []).forEach(function (part) {
        if (part.icon) icon(part.icon, '20', button, part.cls);
        else el('span', cls(part.cls), button, str(part.text));
      });
    });

    var main = el('main', 'app-main', column);
    var page = el('div', 'page posts-page', el('div', 'screen', main));
    var header = el('header', 'page-header posts-header', page);
    el('h1', '', header, str(snapshot.heading));
    if (snapshot.action) link('button button-primary', snapshot.action, header).textContent = str(snapshot.action.label);
    var toolbar = el('div', 'posts-toolbar', page);
    var tabs = el('nav', 'category-tabs', toolbar);
    (Array.isArray(snapshot.tabs) ? snapshot.tabs : []).forEach(function (tab) {
      link('category-tab', tab, tabs).textContent = str(tab.label);
    });
    var search = el('input', 'input', el('div', 'post-search', toolbar));
    search.type = 'search';
    search.readOnly = true;
    search.tabIndex = -1;
    search.placeholder = str(snapshot.search);
    var section = el('section', '', page);
    section.setAttribute('aria-busy', 'true');
    el('p', 'muted posts-count', section, str(snapshot.count));
    var list = el('ol', 'post-list', section);
    snapshot.cards.slice(0, 8).forEach(function (card) {
      var article = el('article', 'card post-card', el('li', '', list));
      var title = el('h2', 'post-card-title', el('div', 'post-card-head', article));
      title.dir = 'auto';
      link('post-card-link', card, title).textContent = str(card.title);
      if (str(card.excerpt)) el('p', 'post-card-excerpt', article, card.excerpt).dir = 'auto';
      var meta = el('p', 'post-meta', article);
      if (str(card.category)) el('span', 'post-category', meta, card.category).dir = 'auto';
      el('bdi', '', meta, str(card.author));
      el('time', '', meta, str(card.date));
      var views = el('span', 'post-views', meta);
      icon(snapshot.eye, '16', views);
      views.appendChild(doc.createTextNode(str(card.views)));
    });

    var tabbar = el('nav', 'tabbar', shell);
    var more = snapshot.more && nav.length > 5 ? snapshot.more : null;
    (more ? nav.slice(0, 4) : nav).forEach(function (item) {
      entry('tabbar-link', item, tabbar);
    });
    if (more) {
      var moreButton = el('button', 'tabbar-link tabbar-more-button', tabbar);
      moreButton.type = 'button';
      moreButton.tabIndex = -1;
      icon(more.icon, '20', moreButton);
      el('span', 'nav-label', moreButton, str(more.label));
    }
    // #root stays hidden (React draws its first screens there unseen) until the app removes this.
    root.hidden = true;
    root.parentNode.insertBefore(shell, root);
    // For the tests and bench:offline-start: the preview was painted, before the app's code.
    root.setAttribute('data-boot-preview', 'painted');
    if (window.performance && performance.mark) performance.mark('patio:boot-preview');
  }

  // The body is parsed by the time the document is interactive, which is before the app's
  // (deferred) module runs.
  if (doc.readyState === 'loading') {
    doc.addEventListener('readystatechange', function once() {
      doc.removeEventListener('readystatechange', once);
      try {
        build();
      } catch {
        // A broken snapshot only means no preview.
      }
    });
  } else {
    try {
      build();
    } catch {
      // As above.
    }
  }
})();
