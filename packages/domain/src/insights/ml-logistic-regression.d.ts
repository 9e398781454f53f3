// Types for ml-logistic-regression 2.x, which ships none: only the parts predictive.ts uses.
declare module 'ml-logistic-regression' {
  import type { Matrix } from 'ml-matrix';
  interface TwoClasses {
    weights: Matrix;
    testScores(features: Matrix): number[];
  }
  export default class LogisticRegression {
    constructor(options?: { numSteps?: number; learningRate?: number });
    classifiers: TwoClasses[];
    train(X: Matrix, Y: Matrix): void;
  }
}
