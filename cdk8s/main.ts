/*
 * The cdk8s app. `node main.js` (plain) synthesizes one chart per environment into cdk8s/dist; `node main.js helm`
 * synthesizes the production shape with Helm value expressions, which `synth.ts` turns into charts/foretell.
 */
import { App } from 'cdk8s';
import { ENVIRONMENTS, production } from './lib/environment.js';
import { ForetellChart } from './lib/foretell-chart.js';
import { helmEnvironment } from './lib/helm-values.js';

const app = new App();
if (process.argv[2] === 'helm') {
  new ForetellChart(app, 'foretell', helmEnvironment(production).env);
} else {
  for (const env of ENVIRONMENTS) new ForetellChart(app, `foretell-${env.name}`, env);
}
app.synth();
