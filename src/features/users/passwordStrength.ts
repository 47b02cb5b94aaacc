/**
 * zxcvbn-ts's estimate of a password (0 to 4), the server's own estimator (server/shared/passwordRule.ts),
 * loaded when the invitation's page first asks: its dictionaries never enter the public first JavaScript.
 */
let estimator: Promise<(password: string) => number> | undefined;

export function estimatePassword(password: string): Promise<number> {
  estimator ??= Promise.all([
    import(/* webpackChunkName: "password-strength" */ '@zxcvbn-ts/core'),
    import(/* webpackChunkName: "password-strength" */ '@zxcvbn-ts/language-common'),
    import(/* webpackChunkName: "password-strength" */ '@zxcvbn-ts/language-fr'),
  ]).then(([{ zxcvbn, zxcvbnOptions }, common, fr]) => {
    zxcvbnOptions.setOptions({ graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary, ...fr.dictionary } });
    return (value: string) => zxcvbn(value.slice(0, 64)).score;
  });
  return estimator.then((estimate) => estimate(password));
}
