// A theme script that breaks money formatting: every widget that shows a price throws while
// rendering, which its boundary catches and reports.
Intl.NumberFormat = function BrokenNumberFormat() {
  throw new Error('number formatting is broken on this page');
};
