// The node environment, telling a browser spec's afterEach whether the test that just ran failed,
// so that the harness can print what the page showed at the moment of failure (browser.ts).
const { TestEnvironment } = require('jest-environment-node');

class FailureAwareEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__e2eTestFailed = false;
    if (event.name === 'test_fn_failure') this.global.__e2eTestFailed = true;
  }
}

module.exports = FailureAwareEnvironment;
