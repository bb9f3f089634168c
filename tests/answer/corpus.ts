/**
 * Realistic model responses to "Compute the integral of …" prompts, with what sagga must read from
 * each. `expected` is infix in parseExpr syntax, written by hand from the LaTeX (not from the code
 * under test); comparison is numeric (tests/answer/helpers/sameExpression.ts).
 *
 * Part 1 is written out in full; part 2 crosses answer notations with the response styles models use
 * (AntiderivBench's \boxed{}, ASyMOB's "The final answer is:", display math, inline math, a bare reply).
 */

export type CorpusCase =
  | { readonly name: string; readonly response: string; readonly expected: string; readonly source?: 'boxed' | 'final-answer' | 'math' | 'bare' }
  | { readonly name: string; readonly response: string; readonly status: 'no-answer' | 'unparseable' | 'unjudged' };

const r = String.raw;

export const HANDWRITTEN: readonly CorpusCase[] = [
  {
    name: 'parts, boxed with + C',
    response: r`To compute $\int x e^{x}\,dx$, we use integration by parts with $u = x$ and $dv = e^{x}\,dx$.
Then $du = dx$ and $v = e^{x}$, so
$$\int x e^{x}\,dx = x e^{x} - \int e^{x}\,dx = x e^{x} - e^{x} + C.$$
Therefore
\[
\boxed{x e^{x} - e^{x} + C}
\]`,
    expected: 'x*exp(x) - exp(x)',
    source: 'boxed',
  },
  {
    name: 'power rule, boxed fraction',
    response: r`We apply the power rule $\int x^n\,dx = \frac{x^{n+1}}{n+1} + C$ term by term.

1. $\int 3x^2\,dx = x^3$
2. $\int 2x\,dx = x^2$
3. $\int 1\,dx = x$

Adding these up and including the constant of integration:

$$\boxed{x^{3} + x^{2} + x + C}$$`,
    expected: 'x^3 + x^2 + x',
  },
  {
    name: 'ln|x| with \\left|',
    response: r`The integrand simplifies to $\frac{1}{x} + 1$. Integrating term by term gives
$$\int \left(\frac{1}{x} + 1\right) dx = \ln\left|x\right| + x + C$$
Final result: $\boxed{\ln\left|x\right| + x + C}$`,
    expected: 'log(abs(x)) + x',
  },
  {
    name: 'ln|x| plain bars',
    response: r`Since $\frac{d}{dx}\ln|x| = \frac{1}{x}$, the antiderivative of $\frac{2}{x}$ is \boxed{2\ln|x| + C}.`,
    expected: '2*log(abs(x))',
  },
  {
    name: 'arctan via substitution',
    response: r`Let $u = x/2$, so $dx = 2\,du$ and $x^2 + 4 = 4(u^2+1)$.
\begin{align*}
\int \frac{dx}{x^2+4} &= \int \frac{2\,du}{4(u^2+1)} = \frac{1}{2}\arctan u + C.
\end{align*}
Substituting back, the answer is $\boxed{\frac{1}{2}\arctan\left(\frac{x}{2}\right) + C}$.`,
    expected: 'atan(x/2)/2',
  },
  {
    name: 'tan^{-1} notation',
    response: r`This is a standard form: $\int \frac{1}{1+x^2}\,dx = \tan^{-1}(x) + C$.

\boxed{\tan^{-1}(x) + C}`,
    expected: 'atan(x)',
  },
  {
    name: 'sin^2 x without parentheses',
    response: r`Let $u = \sin x$, $du = \cos x\,dx$. Then $\int \sin x \cos x\,dx = \int u\,du = \frac{u^2}{2}$.

**Answer:** $\boxed{\frac{\sin^2 x}{2} + C}$`,
    expected: 'sin(x)^2/2',
  },
  {
    name: 'sin^{2}(x) braced exponent',
    response: r`Using the substitution $u=\sin(x)$ we find $\boxed{\frac{1}{2}\sin^{2}(x)+C}$.`,
    expected: 'sin(x)^2/2',
  },
  {
    name: 'fourth root',
    response: r`Write $\sqrt[4]{x} = x^{1/4}$. Then $\int x^{1/4}\,dx = \frac{x^{5/4}}{5/4} = \frac{4}{5}x^{5/4}$.
Equivalently, $\boxed{\frac{4}{5}x\sqrt[4]{x} + C}$`,
    expected: '4/5*x*x^(1/4)',
  },
  {
    name: 'exp(x) command',
    response: r`Substituting $u = x^2$ gives $\frac{1}{2}\int e^u\,du$. Hence
$$\boxed{\frac{1}{2}\exp\left(x^{2}\right) + C}$$`,
    expected: 'exp(x^2)/2',
  },
  {
    name: 'half x squared',
    response: r`\boxed{\frac{1}{2}x^2 - 3x + C}`,
    expected: 'x^2/2 - 3*x',
  },
  {
    name: 'dfrac and tfrac',
    response: r`Integrating each term: $$\int (x^3 - x)\,dx = \dfrac{x^4}{4} - \tfrac{1}{2}x^2 + C.$$ So the answer is $\boxed{\dfrac{x^4}{4} - \tfrac{1}{2}x^2 + C}$.`,
    expected: 'x^4/4 - x^2/2',
  },
  {
    name: 'implicit products 2x sin x',
    response: r`Apply integration by parts twice.
First with $u = x^2$, $dv = \sin x\,dx$: $-x^2\cos x + \int 2x\cos x\,dx$.
Then $\int 2x \cos x\,dx = 2x\sin x + 2\cos x$.
$$\boxed{-x^2\cos x + 2x\sin x + 2\cos x + C}$$`,
    expected: '-x^2*cos(x) + 2*x*sin(x) + 2*cos(x)',
  },
  {
    name: 'cdot and times',
    response: r`The result is $\boxed{3 \cdot x^{2} \times \frac{1}{2} + C}$`,
    expected: '3*x^2/2',
  },
  {
    name: 'log means natural log',
    response: r`Using $\int \frac{f'(x)}{f(x)}dx = \log(f(x))$ with $f(x) = x^2+1$, we get
\boxed{\log(x^2 + 1) + C}`,
    expected: 'log(x^2+1)',
  },
  {
    name: 'mathrm erf',
    response: r`The Gaussian integral has no elementary antiderivative, but it can be written with the error function:
$$\int e^{-x^2}\,dx = \frac{\sqrt{\pi}}{2}\,\mathrm{erf}(x) + C.$$
\boxed{\frac{\sqrt{\pi}}{2}\mathrm{erf}(x) + C}`,
    expected: 'sqrt(pi)/2*erf(x)',
  },
  {
    name: 'operatorname Ei',
    response: r`This is the definition of the exponential integral: $\boxed{\operatorname{Ei}(x) + C}$`,
    expected: 'Ei(x)',
  },
  {
    name: 'operatorname arctanh',
    response: r`Since $\frac{d}{dx}\operatorname{arctanh}(x) = \frac{1}{1-x^2}$ for $|x|<1$,
the answer is \(\boxed{\operatorname{arctanh}(x) + C}\).`,
    expected: 'atanh(x)',
  },
  {
    name: 'display style and left right',
    response: r`$$\boxed{\displaystyle \frac{1}{3}\ln\left|\frac{x-1}{x+2}\right| + C}$$`,
    expected: 'log(abs((x-1)/(x+2)))/3',
  },
  {
    name: 'F(x) = prefix',
    response: r`Let me compute this step by step.

The integrand is a polynomial, so integrate each term:
- $\int 4x^3 dx = x^4$
- $\int -2 dx = -2x$

$$\boxed{F(x) = x^4 - 2x + C}$$`,
    expected: 'x^4 - 2*x',
  },
  {
    name: 'integral prefix inside box',
    response: r`\boxed{\int \cos(3x)\,dx = \frac{\sin(3x)}{3} + C}`,
    expected: 'sin(3*x)/3',
  },
  {
    name: 'trailing period in box',
    response: r`Thus the antiderivative is \boxed{-\frac{1}{x} + C.}`,
    expected: '-1/x',
  },
  {
    name: 'thin spaces',
    response: r`\boxed{x\,\ln x \,-\, x \;+\; C}`,
    expected: 'x*log(x) - x',
  },
  {
    name: 'C_1 constant',
    response: r`Integrating, $y = \frac{x^3}{3} + C_1$. \boxed{\frac{x^3}{3} + C_1}`,
    expected: 'x^3/3',
  },
  {
    name: 'text constant',
    response: r`\boxed{e^{2x}/2 + \text{constant}}`,
    expected: 'exp(2*x)/2',
  },
  {
    name: 'lowercase c',
    response: r`The antiderivative is \boxed{\sin x - x\cos x + c}`,
    expected: 'sin(x) - x*cos(x)',
  },
  {
    name: 'several boxes, last one wins',
    response: r`First attempt: \boxed{x^2} — wait, I forgot the chain rule factor.
Redoing the computation with $u = 2x$: $\int \cos(2x)dx = \frac{1}{2}\sin(2x)$.
Corrected answer: \boxed{\frac{1}{2}\sin(2x) + C}`,
    expected: 'sin(2*x)/2',
  },
  {
    name: 'truncated last box falls back to an earlier one',
    response: r`The result is \boxed{x^{3}-x}. Let me double-check by writing \boxed{x^{3} - `,
    expected: 'x^3 - x',
  },
  {
    name: 'fbox',
    response: r`\fbox{$\frac{x^2}{2}$}`,
    expected: 'x^2/2',
  },
  {
    name: 'fbox plain',
    response: r`Answer: \fbox{\sin x + C}`,
    expected: 'sin(x)',
  },
  {
    name: 'ASyMOB final answer with colon and inline math',
    response: r`We need $\int x \cos x \, dx$. By parts with $u = x$, $dv = \cos x\,dx$: $x\sin x - \int \sin x\,dx = x \sin x + \cos x$.

The final answer is: $x \sin(x) + \cos(x) + C$`,
    expected: 'x*sin(x) + cos(x)',
    source: 'final-answer',
  },
  {
    name: 'ASyMOB final answer plain infix',
    response: `Differentiate to check: d/dx (x^3/3 - x) = x^2 - 1. Correct.

The final answer is: x**3/3 - x`,
    expected: 'x^3/3 - x',
    source: 'final-answer',
  },
  {
    name: 'ASyMOB final answer on the next line, display math',
    response: r`Partial fractions: $\frac{1}{x(x+1)} = \frac{1}{x} - \frac{1}{x+1}$.

The final answer is:
$$\ln|x| - \ln|x+1| + C$$`,
    expected: 'log(abs(x)) - log(abs(x+1))',
  },
  {
    name: 'final answer is, period, where clause',
    response: `Integrating gives the final answer is x^2/2 + 5x + C, where C is an arbitrary constant.`,
    expected: 'x^2/2 + 5*x',
  },
  {
    name: 'markdown Final Answer heading',
    response: r`### Step 1: Substitution
Let $t = \ln x$, $dt = dx/x$.

### Step 2: Integrate
$\int t\,dt = t^2/2$.

### Final Answer
$$\frac{(\ln x)^2}{2} + C$$`,
    expected: 'log(x)^2/2',
  },
  {
    name: 'bold Final Answer colon',
    response: r`**Final Answer:** $\frac{1}{2}\ln^2 x + C$`,
    expected: 'log(x)^2/2',
  },
  {
    name: 'display math only, RHS of integral',
    response: r`Using the identity $\sin^2 x = \frac{1 - \cos 2x}{2}$:
$$\int \sin^2 x\,dx = \frac{x}{2} - \frac{\sin 2x}{4} + C$$`,
    expected: 'x/2 - sin(2*x)/4',
    source: 'math',
  },
  {
    name: 'bracket display math, F(x)',
    response: r`\[ F(x) = \frac{2}{3}(x+1)^{3/2} + C \]`,
    expected: '2/3*(x+1)^(3/2)',
  },
  {
    name: 'inline at the end then where $C$',
    response: r`Let $u = 1 + x^2$. Then $\frac{1}{2}\int u^{-1/2}du = \sqrt{u}$, so the antiderivative is $\sqrt{1+x^2} + C$, where $C$ is the constant of integration.`,
    expected: 'sqrt(1+x^2)',
  },
  {
    name: 'display then valid for $x > 0$',
    response: r`$$\int \frac{dx}{x\ln x} = \ln(\ln x) + C$$ valid for $x > 1$.`,
    expected: 'log(log(x))',
  },
  {
    name: 'ln ln without parens',
    response: r`\boxed{\ln \ln x + C}`,
    expected: 'log(log(x))',
  },
  {
    name: 'bare infix reply',
    response: 'x**2*exp(x) - 2*x*exp(x) + 2*exp(x)',
    expected: 'x^2*exp(x) - 2*x*exp(x) + 2*exp(x)',
    source: 'bare',
  },
  {
    name: 'bare LaTeX reply',
    response: r`x^{2} e^{x} - 2 x e^{x} + 2 e^{x} + C`,
    expected: 'x^2*exp(x) - 2*x*exp(x) + 2*exp(x)',
  },
  {
    name: 'bare with sin x (no parentheses)',
    response: 'sin x - x cos x',
    expected: 'sin(x) - x*cos(x)',
  },
  {
    name: 'bare sympy log and E',
    response: 'log(x**2 + 1)/2 + E**x',
    expected: 'log(x^2+1)/2 + exp(x)',
  },
  {
    name: 'arcsin of a fraction',
    response: r`Complete the square / recognise the form $\int \frac{dx}{\sqrt{a^2 - x^2}} = \arcsin\frac{x}{a}$. Here $a = 2$: \boxed{\arcsin\frac{x}{2} + C}`,
    expected: 'asin(x/2)',
  },
  {
    name: 'square brackets group',
    response: r`\boxed{\frac{1}{2}\left[x\sqrt{1-x^2} + \arcsin x\right] + C}`,
    expected: '(x*sqrt(1-x^2) + asin(x))/2',
  },
  {
    name: 'sec tan log',
    response: r`A standard result: $\int \sec x\,dx = \ln|\sec x + \tan x| + C$. \boxed{\ln|\sec x + \tan x| + C}`,
    expected: 'log(abs(sec(x) + tan(x)))',
  },
  {
    name: 'minus ln|cos x|',
    response: r`\boxed{-\ln|\cos x| + C}`,
    expected: '-log(abs(cos(x)))',
  },
  {
    name: 'tan cubed',
    response: r`With $u=\tan x$: \boxed{\frac{1}{3}\tan^{3}x + C}`,
    expected: 'tan(x)^3/3',
  },
  {
    name: 'x squared ln x by parts',
    response: r`Let $u = \ln x$, $dv = x\,dx$. Then $du = dx/x$, $v = x^2/2$.
$$\int x\ln x\,dx = \frac{x^2}{2}\ln x - \int \frac{x}{2}\,dx = \frac{x^{2}}{2}\ln x - \frac{x^{2}}{4} + C$$
$\boxed{\frac{x^{2}}{2}\ln x - \frac{x^{2}}{4} + C}$`,
    expected: 'x^2/2*log(x) - x^2/4',
  },
  {
    name: '2^x over ln 2',
    response: r`\boxed{\frac{2^{x}}{\ln 2} + C}`,
    expected: '2^x/log(2)',
  },
  {
    name: 'log base 2',
    response: r`\boxed{\log_{2}|x| + C}`,
    expected: 'log(abs(x))/log(2)',
  },
  {
    name: 'log base 10 unbraced',
    response: r`\boxed{x\log_{10} x}`,
    expected: 'x*log(x)/log(10)',
  },
  {
    name: 'cos inverse',
    response: r`\boxed{x\cos^{-1}x - \sqrt{1-x^2} + C}`,
    expected: 'x*acos(x) - sqrt(1-x^2)',
  },
  {
    name: 'sinh inverse',
    response: r`\boxed{\sinh^{-1}(x) + C}`,
    expected: 'asinh(x)',
  },
  {
    name: 'operatorname arsinh',
    response: r`\boxed{\operatorname{arsinh} x + C}`,
    expected: 'asinh(x)',
  },
  {
    name: 'e to the sin',
    response: r`Substituting $u = \sin x$, $du = \cos x\,dx$: $\int e^u\,du = e^u$. \boxed{e^{\sin x} + C}`,
    expected: 'exp(sin(x))',
  },
  {
    name: 'negative exponent gaussian',
    response: r`\boxed{-\frac{1}{2}e^{-x^{2}} + C}`,
    expected: '-exp(-x^2)/2',
  },
  {
    name: 'abs times x',
    response: r`For $x \ge 0$ the integral is $x^2/2$ and for $x<0$ it is $-x^2/2$; both are captured by \boxed{\frac{x|x|}{2} + C}`,
    expected: 'x*abs(x)/2',
  },
  {
    name: 'cube root',
    response: r`\boxed{\frac{3}{4}\sqrt[3]{x^{4}} + C}`,
    expected: '3/4*cbrt(x^4)',
  },
  {
    name: 'decimal coefficients',
    response: r`The answer is \boxed{0.5x^{2} + 0.25\sin(4x)}`,
    expected: '0.5*x^2 + 0.25*sin(4*x)',
  },
  {
    name: 'pi coefficient',
    response: r`Since $\pi$ is a constant, $\int \pi\,dx = \pi x$. \boxed{\pi x + C}`,
    expected: 'pi*x',
  },
  {
    name: 'sin 2x unparenthesised argument',
    response: r`\boxed{-\frac{1}{2}\cos 2x + C}`,
    expected: '-cos(2*x)/2',
  },
  {
    name: 'sin x cos x product',
    response: r`\boxed{\sin x \cos x + x}`,
    expected: 'sin(x)*cos(x) + x',
  },
  {
    name: 'sqrt without braces',
    response: r`\boxed{2\sqrt x + C}`,
    expected: '2*sqrt(x)',
  },
  {
    name: 'frac12 shorthand',
    response: r`\boxed{\frac12 x^2 + \frac13 x^3}`,
    expected: 'x^2/2 + x^3/3',
  },
  {
    name: 'exponent with fraction',
    response: r`\boxed{\frac{2}{3}x^{\frac{3}{2}}+C}`,
    expected: '2/3*x^(3/2)',
  },
  {
    name: 'sympy style latex',
    response: r`$$\boxed{\frac{x^{2} \log{\left(x \right)}}{2} - \frac{x^{2}}{4}}$$`,
    expected: 'x^2*log(x)/2 - x^2/4',
  },
  {
    name: 'sympy style power after braced argument',
    response: r`\boxed{\frac{\sin^{3}{\left(x \right)}}{3} - \frac{\sin^{5}{\left(x \right)}}{5}}`,
    expected: 'sin(x)^3/3 - sin(x)^5/5',
  },
  {
    name: 'sympy log squared',
    response: r`\boxed{\frac{\log{\left(x \right)}^{2}}{2}}`,
    expected: 'log(x)^2/2',
  },
  {
    name: 'exp times polynomial in parentheses',
    response: r`\boxed{\left(\frac{x^2}{2} - x\right)e^{x} + C}`,
    expected: '(x^2/2 - x)*exp(x)',
  },
  {
    name: 'erf by parts',
    response: r`By parts: \boxed{x\operatorname{erf}(x) + \frac{e^{-x^{2}}}{\sqrt{\pi}} + C}`,
    expected: 'x*erf(x) + exp(-x^2)/sqrt(pi)',
  },
  {
    name: 'erfi',
    response: r`\boxed{\frac{\sqrt{\pi}}{2}\operatorname{erfi}(x) + C}`,
    expected: 'sqrt(pi)/2*erfi(x)',
  },
  {
    name: 'polylog',
    response: r`\boxed{-\operatorname{Li}_2(-x) + C}`,
    expected: '-polylog(2, -x)',
  },
  {
    name: 'sine integral',
    response: r`The integral $\int \frac{\sin x}{x}dx$ is the sine integral: \boxed{\operatorname{Si}(x) + C}`,
    expected: 'Si(x)',
  },
  {
    name: 'hyperbolic',
    response: r`\boxed{\cosh x + \sinh(2x)/2}`,
    expected: 'cosh(x) + sinh(2*x)/2',
  },
  {
    name: 'tanh of sech squared',
    response: r`Since $\frac{d}{dx}\tanh x = \operatorname{sech}^2 x$, \boxed{\tanh x + C}`,
    expected: 'tanh(x)',
  },
  {
    name: 'reasoning with many math blocks, boxed in middle sentence',
    response: r`We want $\int \frac{x}{x^2+1}dx$. Let $u = x^2 + 1$. Then $du = 2x\,dx$, i.e. $x\,dx = \frac{du}{2}$.
So the integral becomes $\frac{1}{2}\int \frac{du}{u} = \frac{1}{2}\ln|u|$. The answer is $\boxed{\frac{1}{2}\ln(x^{2}+1)+C}$ and we can verify it by differentiating: $\frac{d}{dx}\frac{1}{2}\ln(x^2+1) = \frac{x}{x^2+1}$. ✓`,
    expected: 'log(x^2+1)/2',
  },
  {
    name: 'Answer: line',
    response: `Compute termwise.
Answer: x^4/4 + x^2 + C`,
    expected: 'x^4/4 + x^2',
  },
  {
    name: 'leading C',
    response: r`\boxed{C + \frac{x^5}{5}}`,
    expected: 'x^5/5',
  },
  {
    name: 'unicode minus and middle dot',
    response: 'The final answer is: x·sin(x) − 2',
    expected: 'x*sin(x) - 2',
  },
  {
    name: 'x^23 in math follows TeX (x^2 times 3)',
    response: r`\boxed{x^23}`,
    expected: '3*x^2',
  },
  {
    name: 'x^23 in a plain-text final answer is infix',
    response: 'The final answer is: x^23/23',
    expected: 'x^23/23',
  },
  {
    name: 'e^(2x) with parentheses',
    response: r`\boxed{e^(2x)/2}`,
    expected: 'exp(2*x)/2',
  },
  {
    name: 'sin(x)^2 power after parentheses',
    response: r`\boxed{\sin(x)^2}`,
    expected: 'sin(x)^2',
  },
  {
    name: 'mathrm e',
    response: r`\boxed{\mathrm{e}^{3x}/3}`,
    expected: 'exp(3*x)/3',
  },
  {
    name: 'bigl bigr',
    response: r`\boxed{\frac{1}{2}\bigl(x - \sin x \cos x\bigr)}`,
    expected: '(x - sin(x)*cos(x))/2',
  },
  {
    name: 'nested abs',
    response: r`\boxed{\bigl||x| - 1\bigr|}`,
    expected: 'abs(abs(x) - 1)',
  },
  {
    name: 'ln of abs with sized delimiters and fraction',
    response: r`\boxed{\ln\left|\dfrac{x}{x+1}\right|}`,
    expected: 'log(abs(x/(x+1)))',
  },
  {
    name: 'y = prefix',
    response: r`\boxed{y = \arctan x + x}`,
    expected: 'atan(x) + x',
  },
  {
    name: 'reasoning model chatter after the box',
    response: r`So $\int \cos^2 x\,dx = \frac{x}{2} + \frac{\sin 2x}{4} + C$.

$\boxed{\frac{x}{2} + \frac{\sin 2x}{4} + C}$

Let me verify: $\frac{d}{dx}\left(\frac{x}{2}+\frac{\sin 2x}{4}\right) = \frac12 + \frac{\cos 2x}{2} = \cos^2 x$. ✓`,
    expected: 'x/2 + sin(2*x)/4',
  },
  {
    name: 'answer with both inline and later condition',
    response: r`Therefore, the antiderivative is $\frac{1}{2}\ln\left(\frac{1+x}{1-x}\right)$ for $|x| < 1$.`,
    expected: 'log((1+x)/(1-x))/2',
  },
  {
    name: 'secant squared',
    response: r`\boxed{\tan x - x + C}`,
    expected: 'tan(x) - x',
  },
  {
    name: 'cot',
    response: r`\boxed{-\cot x - x + C}`,
    expected: '-cot(x) - x',
  },
  {
    name: 'bare function words in LaTeX',
    response: r`\boxed{arctan(x) + ln(x)}`,
    expected: 'atan(x) + log(x)',
  },
  {
    name: 'division slash in LaTeX',
    response: r`\boxed{(x+1)^{4}/4}`,
    expected: '(x+1)^4/4',
  },
  {
    name: 'implicit product of groups',
    response: r`\boxed{(x+1)(x-1) e^x}`,
    expected: '(x+1)*(x-1)*exp(x)',
  },
  {
    name: 'sqrt of e',
    response: r`\boxed{\sqrt{e}\,x}`,
    expected: 'sqrt(exp(1))*x',
  },
  {
    name: 'sign',
    response: r`\boxed{\operatorname{sgn}(x)\frac{x^2}{2}}`,
    expected: 'sign(x)*x^2/2',
  },
  {
    name: 'Gamma function',
    response: r`\boxed{\Gamma(x)}`,
    expected: 'gamma(x)',
  },
  {
    name: 'text with function name inside',
    response: r`\boxed{\text{sech}(x)}`,
    expected: 'sech(x)',
  },
  {
    name: 'inline \\( \\) math at the end',
    response: r`Combining the partial fractions we obtain \(\ln|x-1| - \ln|x| + C\).`,
    expected: 'log(abs(x-1)) - log(abs(x))',
  },
  {
    name: 'lone x as the only math',
    response: r`The integral of 1 with respect to x is $x$.`,
    expected: 'x',
  },
  // ---- declines, unevaluated integrals, empty ----
  {
    name: 'declines: no elementary antiderivative',
    response: r`The function $e^{x^2}$ does not have an elementary antiderivative, so the integral cannot be expressed in closed form.`,
    status: 'no-answer',
  },
  {
    name: 'declines: sorry',
    response: `I'm sorry, but I cannot solve this integral.`,
    status: 'no-answer',
  },
  {
    name: 'declines: unevaluated display integral',
    response: r`$$\int \frac{\sin x}{x}\,dx$$ cannot be expressed in terms of elementary functions.`,
    status: 'no-answer',
  },
  {
    name: 'declines: boxed integral',
    response: r`\boxed{\int e^{-x^{3}}\,dx}`,
    status: 'no-answer',
  },
  {
    name: 'declines: boxed text',
    response: r`\boxed{\text{No elementary antiderivative}}`,
    status: 'no-answer',
  },
  {
    name: 'declines: boxed DNE',
    response: r`\boxed{\text{DNE}}`,
    status: 'no-answer',
  },
  {
    name: 'declines: sympy Integral',
    response: 'The final answer is: Integral(exp(x**3), x)',
    status: 'no-answer',
  },
  {
    name: 'declines: empty',
    response: '',
    status: 'no-answer',
  },
  {
    name: 'declines: whitespace',
    response: '   \n\t ',
    status: 'no-answer',
  },
  {
    name: 'declines: non-elementary, returns same integral after =',
    response: r`This integral is non-elementary. $$\int \frac{e^x}{x}dx = \int \frac{e^x}{x}dx$$`,
    status: 'no-answer',
  },
  {
    name: 'declines before, then answers with a special function',
    response: r`This has no elementary antiderivative. In terms of the error function,
$$\int e^{-x^2}dx = \frac{\sqrt{\pi}}{2}\operatorname{erf}(x) + C$$`,
    expected: 'sqrt(pi)/2*erf(x)',
  },
  {
    name: 'declines after mentioning the integrand',
    response: r`Since $\frac{\sin x}{x}$ has no closed-form antiderivative, I can't compute it.`,
    status: 'no-answer',
  },
  {
    name: 'unicode integral sign',
    response: 'The final answer is: ∫ exp(x^3) dx',
    status: 'no-answer',
  },
  {
    name: 'remark after the answer is not a refusal',
    response: r`$$\int x\cos x\,dx = x\sin x + \cos x + C$$ We can't find a simpler form than this.`,
    expected: 'x*sin(x) + cos(x)',
  },
  {
    name: 'declines: cannot find an elementary antiderivative',
    response: r`After trying substitution with $u = x^2$ and parts, I could not find an elementary antiderivative for $\frac{e^{x}}{x}$.`,
    status: 'no-answer',
  },
  {
    name: 'declines inside the final answer line',
    response: 'The final answer is: the integral cannot be expressed in elementary functions.',
    status: 'no-answer',
  },
  // ---- unparseable ----
  {
    name: 'unknown symbol a',
    response: r`\boxed{\frac{x^2}{2} + a x}`,
    status: 'unparseable',
  },
  {
    name: 'plus minus',
    response: r`\boxed{\pm\sqrt{x}}`,
    status: 'unparseable',
  },
  {
    name: 'cases environment',
    response: r`\boxed{\begin{cases} x^2/2 & x>0 \\ -x^2/2 & x \le 0 \end{cases}}`,
    status: 'unparseable',
  },
  {
    name: 'prose only',
    response: 'I think the result is something like x squared over two, but I am not completely sure about it.',
    status: 'unparseable',
  },
  {
    name: 'two answers in a box',
    response: r`\boxed{x^2, x^3}`,
    status: 'unparseable',
  },
  {
    name: 'differential left in',
    response: r`\boxed{x^2\,dx}`,
    status: 'unparseable',
  },
  {
    name: 'imaginary unit',
    response: r`\boxed{-i\ln(x + i)}`,
    // sagga reads real antiderivatives only; one written with i may be right: not judged.
    status: 'unjudged',
  },
  {
    name: 'infinity',
    response: r`\boxed{\infty}`,
    status: 'unparseable',
  },
  {
    name: 'approximation',
    response: r`\boxed{x^2 \approx 0.5}`,
    status: 'unparseable',
  },
  {
    name: 'greek variable',
    response: r`\boxed{\theta^2/2}`,
    status: 'unparseable',
  },
  {
    name: 'unbalanced parenthesis',
    response: r`\boxed{\sin(x + C}`,
    status: 'unparseable',
  },
];

/** An answer in some notation, and the expression it denotes. */
interface Notation {
  readonly latex: string;
  readonly infix: string;
}

const NOTATIONS: readonly Notation[] = [
  { latex: r`\frac{x^{3}}{3}`, infix: 'x^3/3' },
  { latex: r`\frac{1}{2}x^2 + x`, infix: 'x^2/2 + x' },
  { latex: r`-\cos x`, infix: '-cos(x)' },
  { latex: r`\ln|x|`, infix: 'log(abs(x))' },
  { latex: r`\ln\left|x + 1\right|`, infix: 'log(abs(x+1))' },
  { latex: r`\arctan(x)`, infix: 'atan(x)' },
  { latex: r`\tan^{-1} x`, infix: 'atan(x)' },
  { latex: r`\sin^2 x`, infix: 'sin(x)^2' },
  { latex: r`\sin^{2}(x)`, infix: 'sin(x)^2' },
  { latex: r`\sqrt[4]{x^3}`, infix: '(x^3)^(1/4)' },
  { latex: r`e^{x}\sin x`, infix: 'exp(x)*sin(x)' },
  { latex: r`\exp(x) + x`, infix: 'exp(x) + x' },
  { latex: r`\dfrac{x}{3} + \tfrac{1}{4}`, infix: 'x/3 + 1/4' },
  { latex: r`2x\sin x`, infix: '2*x*sin(x)' },
  { latex: r`x e^{x}`, infix: 'x*exp(x)' },
  { latex: r`x \cdot \ln(x)`, infix: 'x*log(x)' },
  { latex: r`3\times x^2`, infix: '3*x^2' },
  { latex: r`\log(x)`, infix: 'log(x)' },
  { latex: r`\mathrm{erf}(x)`, infix: 'erf(x)' },
  { latex: r`\operatorname{Ei}(2x)`, infix: 'Ei(2*x)' },
  { latex: r`\operatorname{arctanh}(x)`, infix: 'atanh(x)' },
  { latex: r`\frac{x^2}{2}\ln x - \frac{x^2}{4}`, infix: 'x^2/2*log(x) - x^2/4' },
  { latex: r`\sqrt{x^{2}+1}`, infix: 'sqrt(x^2+1)' },
  { latex: r`-\frac{1}{x}`, infix: '-1/x' },
  { latex: r`\frac{(x+1)^{5}}{5}`, infix: '(x+1)^5/5' },
  { latex: r`x\arcsin x + \sqrt{1-x^{2}}`, infix: 'x*asin(x) + sqrt(1-x^2)' },
  { latex: r`\frac{x}{2} - \frac{\sin(2x)}{4}`, infix: 'x/2 - sin(2*x)/4' },
  { latex: r`\ln\left|\sec x + \tan x\right|`, infix: 'log(abs(sec(x)+tan(x)))' },
  { latex: r`\frac{e^{2x}}{2}`, infix: 'exp(2*x)/2' },
  { latex: r`\sin x - \frac{\sin^3 x}{3}`, infix: 'sin(x) - sin(x)^3/3' },
  { latex: r`x - \ln(1 + e^{x})`, infix: 'x - log(1+exp(x))' },
  { latex: r`\frac{1}{2}x^{2} + 3x - 4\ln|x|`, infix: 'x^2/2 + 3*x - 4*log(abs(x))' },
  { latex: r`\frac{\ln^2 x}{2}`, infix: 'log(x)^2/2' },
  { latex: r`\cosh(x)\sinh(x)`, infix: 'cosh(x)*sinh(x)' },
  { latex: r`\frac{1}{\sqrt{2}}\arctan\left(\frac{x}{\sqrt{2}}\right)`, infix: 'atan(x/sqrt(2))/sqrt(2)' },
  { latex: r`\frac{1}{2} \sin\left(x^{2}\right)`, infix: 'sin(x^2)/2' },
  { latex: r`x^{2} e^{x} - 2xe^{x} + 2e^{x}`, infix: 'x^2*exp(x) - 2*x*exp(x) + 2*exp(x)' },
  { latex: r`-\frac{\cos^{3}x}{3} + \cos x`, infix: '-cos(x)^3/3 + cos(x)' },
  { latex: r`\frac{x^{4}}{4} - \frac{2x^{3}}{3} + \frac{x^{2}}{2}`, infix: 'x^4/4 - 2*x^3/3 + x^2/2' },
  { latex: r`\frac{1}{3}\ln\left(x^{3}+1\right)`, infix: 'log(x^3+1)/3' },
];

/** Response styles. `{A}` is replaced by the answer (with `+ C` where the style adds it). */
const STYLES: readonly { readonly name: string; readonly wrap: (latex: string) => string }[] = [
  {
    name: 'AntiderivBench boxed',
    wrap: (a) => r`Let's compute the integral step by step.

First, look at the structure of the integrand and choose a method (substitution or parts).
After integrating and simplifying we obtain the antiderivative.

Therefore the final result is:
$$\boxed{${a} + C}$$`,
  },
  {
    name: 'ASyMOB final answer',
    wrap: (a) => r`We integrate term by term and simplify.

The final answer is: $${a} + C$`,
  },
  {
    name: 'display equation with integral',
    wrap: (a) => r`Putting everything together,
$$\int f(x)\,dx = ${a} + C.$$`,
  },
  {
    name: 'inline at the end',
    wrap: (a) => r`Differentiating confirms the result, so an antiderivative is $${a}$.`,
  },
  {
    name: 'bare LaTeX',
    wrap: (a) => a,
  },
];

export const CROSSED: readonly CorpusCase[] = NOTATIONS.flatMap((n) =>
  STYLES.map((s) => ({ name: `${s.name}: ${n.latex}`, response: s.wrap(n.latex), expected: n.infix })),
);
