// A theme script that defines its own (incompatible) React and preact globals and then throws.
window.React = {
  createElement() {
    throw new Error('not the React you are looking for');
  },
  version: '0.0.0-site',
};
window.preact = {
  render() {
    throw new Error('site preact');
  },
};
window.ReactDOM = null;
throw new Error('the site script failed');
