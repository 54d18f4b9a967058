# The project's commands. `make run` starts everything on the embedded defaults; `make test` runs
# every test. Both install what they need.
.PHONY: run test bench lint fmt api-types web server clean

run: web
	cargo build --release --locked -p server
	./target/release/brokerage serve

test:
	scripts/test.sh

bench:
	scripts/bench.sh

lint:
	cargo clippy --workspace --all-targets --locked -- -D warnings
	cargo fmt --all -- --check
	scripts/supply-chain.sh
	scripts/web-deps.sh
	npm --prefix web run lint
	npm --prefix web run typecheck

fmt:
	cargo fmt --all

# Regenerates docs/openapi.json and the web app's API types from the server's code.
api-types:
	scripts/web-deps.sh
	cargo run --quiet --locked -p server --bin brokerage -- openapi > docs/openapi.json
	npm --prefix web run gen:api

web:
	scripts/web-deps.sh
	npm --prefix web run build

server:
	cargo build --release --locked -p server

clean:
	cargo clean
	rm -rf web/dist web/node_modules
